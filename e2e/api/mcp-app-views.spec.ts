import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat } from "../support";

// An MCP App's view over HTTP: its owner reads it at the chat's route, a share link's holder at
// the link's, and nobody else at either.

const STARTER = "Choose a deployment window";

type Reply = { id: string; parts: { kind: string; toolCallId?: string }[] };

test("a view is read by its owner and a link's holder, and by nobody else", async ({
  request,
  playwright,
  baseURL,
}) => {
  const chatId = await createChat(request, baseURL, STARTER);
  const reply = (await settledChat(request, chatId)).items.at(-1) as Reply;
  const toolCallId = reply.parts.find((part) => part.kind === "mcp-app")!.toolCallId!;
  const owners = `/api/chats/${chatId}/items/${reply.id}/mcp-apps/${encodeURIComponent(toolCallId)}/resource`;

  const own = await request.get(owners);
  expect(own.status()).toBe(200);
  const view = (await own.json()) as { uri: string; mimeType: string; html: string };
  expect(view).toMatchObject({
    uri: "ui://answerable/deployment-window",
    mimeType: "text/html;profile=mcp-app",
  });
  expect(view.html).toContain("<title>Choose a deployment window</title>");
  const unknownCall = await request.get(owners.replace(/mcp-apps\/[^/]+/, "mcp-apps/no-such-call"));
  expect(unknownCall.status()).toBe(404);
  expect(await unknownCall.json()).toMatchObject({ code: "mcp-app-not-found" });

  // Another visitor is told the chat is not there, as for any of its routes.
  const stranger = await playwright.request.newContext({ baseURL });
  const strangers = await stranger.get(owners);
  expect(strangers.status()).toBe(404);
  expect(await strangers.json()).toMatchObject({ code: "chat-not-found" });

  // A share link's holder, with no cookie of the owner's, reads it at the link's route.
  const shared = await request.post(`/api/chats/${chatId}/share`, { headers: sameOrigin(baseURL) });
  const { token } = (await shared.json()) as { token: string };
  const linked = `/api/shares/${token}/items/${reply.id}/mcp-apps/${encodeURIComponent(toolCallId)}/resource`;
  const viewed = await stranger.get(linked);
  expect(viewed.status()).toBe(200);
  expect(await viewed.json()).toEqual(view);
  const notInReply = await stranger.get(linked.replace(reply.id, crypto.randomUUID()));
  expect(notInReply.status()).toBe(404);
  expect(await notInReply.json()).toMatchObject({ code: "mcp-app-not-found" });

  // Unshared, the link opens nothing, the view included.
  await request.delete(`/api/chats/${chatId}/share`, { headers: sameOrigin(baseURL) });
  const ended = await stranger.get(linked);
  expect(ended.status()).toBe(404);
  expect(await ended.json()).toMatchObject({ code: "share-not-found" });
  await stranger.dispose();
});
