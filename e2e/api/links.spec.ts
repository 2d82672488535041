import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat, type BlockBody } from "../support";

type Link = { type: string; href: string | null; reason?: string };
type Reply = {
  id: string;
  revision: number;
  blocks: Record<string, BlockBody>;
  links: Record<string, Record<string, Link>>;
};

const REPOSITORY = "https://github.com/vercel/next.js";

async function codeLinks(request: APIRequestContext, baseURL: string | undefined) {
  const chatId = await createChat(request, baseURL, "Show the files behind the release");
  const reply = (await settledChat(request, chatId)).items[1] as unknown as Reply;
  const block = Object.values(reply.blocks)[0]!;
  const links = reply.links[block.id]!;
  // The first link of the block is the File that follows the picked package.
  const picked = Object.keys(links)[0]!;
  const link = (body: { values: unknown; nodeId?: string; revision?: number }, context = request) =>
    context.post(`/api/chats/${chatId}/ui-links`, {
      headers: sameOrigin(baseURL),
      data: {
        itemId: reply.id,
        blockId: block.id,
        revision: body.revision ?? reply.revision,
        nodeId: body.nodeId ?? picked,
        values: body.values,
      },
    });
  return { links, picked, link };
}

test.describe("ui.link over HTTP", () => {
  test("a final reply carries its resolved links, and a link is resolved again for values the block offers", async ({
    request,
    baseURL,
  }) => {
    const { links, picked, link } = await codeLinks(request, baseURL);
    expect(links[picked]).toMatchObject({
      type: "File",
      href: `${REPOSITORY}/blob/HEAD/packages/next/package.json#L3`,
    });
    const response = await link({ values: { $package: "create-next-app" } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      href: `${REPOSITORY}/blob/HEAD/packages/create-next-app/package.json#L3`,
    });
    const node = Object.entries(links).find(([, candidate]) => candidate.type === "Node")![0];
    expect(await (await link({ values: {}, nodeId: node })).json()).toEqual({
      href: null,
      reason: expect.stringMatching(/node/),
    });
  });

  test("refuses forged values, a stale revision, a stranger, a link the block does not draw and malformed bodies", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { link } = await codeLinks(request, baseURL);
    const refusals: Array<[Parameters<typeof link>[0], number, string]> = [
      [{ values: { $package: "../../evil" } }, 422, "invalid_value"],
      [{ values: { $href: "javascript:alert(1)" } }, 422, "refused_binding"],
      [{ values: {}, revision: 9 }, 409, "block-stale"],
      [{ values: {}, nodeId: "nothing" }, 404, "link-not-found"],
      [{ values: [] }, 400, "invalid-body"],
    ];
    for (const [body, status, code] of refusals) {
      const response = await link(body);
      expect(response.status(), JSON.stringify(body)).toBe(status);
      expect(await response.json()).toMatchObject({ code });
    }
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const response = await link({ values: {} }, stranger);
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: "chat-not-found" });
    } finally {
      await stranger.dispose();
    }
  });
});
