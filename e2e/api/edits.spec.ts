import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat, textOf } from "../support";

// Scenario prompts (lib/agent/scenarios.ts): the mock answers only these.
const LIST = "Where should we go next?";
const STORY = "Tell me a long story";
const SLOW_STORY = "Tell me a long story, slowly";

type Version = { version: number; revision: number; status: string };
type Item = { id: string; role: string; status: string; revision: number; versions?: Version[] };

function editor(request: APIRequestContext, baseURL: string | undefined, chatId: string) {
  return (itemId: string, data: unknown = { text: STORY }, headers = sameOrigin(baseURL)) =>
    request.post(`/api/chats/${chatId}/items/${itemId}/edit`, { headers, data });
}

async function items(request: APIRequestContext, chatId: string): Promise<Item[]> {
  return ((await (await request.get(`/api/chats/${chatId}?from=0`)).json()) as { items: Item[] })
    .items;
}

test.describe("editing a message over HTTP", () => {
  test("replaces the message and its reply; the new message is answered", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, LIST);
    const [message, reply] = (await settledChat(request, chatId)).items;
    const response = await editor(request, baseURL, chatId)(message!.id);
    expect(response.status()).toBe(202);
    const body = (await response.json()) as { status: string; itemId: string; turnId: string };
    expect(body).toMatchObject({ status: "sent" });
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => item.id)).not.toContain(reply!.id);
    expect(chat.items[0]).toMatchObject({ id: body.itemId, role: "user" });
    expect(textOf(chat.items[0]!)).toBe(STORY);
    expect(chat.items).toHaveLength(2);
  });

  test("refuses every edit it must, in words with a stable code, writing nothing", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const chatId = await createChat(request, baseURL, LIST);
    const [message, reply] = (await settledChat(request, chatId)).items;
    const edit = editor(request, baseURL, chatId);
    const refused = async (
      response: Awaited<ReturnType<typeof edit>>,
      status: number,
      code: string,
    ) => {
      expect(response.status()).toBe(status);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(body.message).not.toMatch(/prisma|sql|stack/i);
    };
    await refused(await edit(reply!.id), 409, "not-editable");
    await refused(await edit(crypto.randomUUID()), 404, "item-not-found");
    await refused(await edit("not-a-uuid"), 404, "not-found");
    await refused(await edit(message!.id, { text: "" }), 400, "invalid-body");
    await refused(await edit(message!.id, { text: "x".repeat(8_001) }), 400, "invalid-body");
    await refused(await edit(message!.id, { text: STORY, extra: true }), 400, "invalid-body");
    await refused(
      await edit(message!.id, { text: STORY }, { "content-type": "application/json" }),
      403,
      "forbidden-origin",
    );
    const stranger = await playwright.request.newContext({ baseURL });
    await refused(await editor(stranger, baseURL, chatId)(message!.id), 404, "chat-not-found");
    await stranger.dispose();

    // A pick on the reply answers it: the message before it can no longer be edited, nor the pick itself.
    const pick = await request.post(`/api/chats/${chatId}/selections`, {
      headers: sameOrigin(baseURL),
      data: { itemId: reply!.id, instanceId: "destination-choice", choiceId: "docs" },
    });
    expect(pick.status()).toBe(200);
    const answered = await settledChat(request, chatId);
    const picked = answered.items.find((item) => item.role === "user" && item.id !== message!.id)!;
    await refused(await edit(message!.id), 409, "edit-after-answer");
    await refused(await edit(picked.id), 409, "not-editable");
    expect((await settledChat(request, chatId)).items.map((item) => item.id)).toEqual(
      answered.items.map((item) => item.id),
    );
  });

  test("refuses an edit while a reply is being written, as edit-while-replying", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, SLOW_STORY);
    const [message] = await items(request, chatId);
    const response = await editor(request, baseURL, chatId)(message!.id);
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: "edit-while-replying" });
    const stop = await request.post(`/api/chats/${chatId}/turns/stop`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(stop.ok()).toBe(true);
    const chat = await settledChat(request, chatId);
    expect(chat.items[0]!.id).toBe(message!.id);
  });
});

test.describe("versions of a reply over HTTP", () => {
  test("keeps the earlier version on Regenerate, and refuses a pick on it as older-version", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, LIST);
    const [, reply] = (await settledChat(request, chatId)).items;
    expect(
      (
        await request.post(`/api/chats/${chatId}/items/${reply!.id}/regenerate`, {
          headers: sameOrigin(baseURL),
          data: {},
        })
      ).status(),
    ).toBe(202);
    await settledChat(request, chatId);
    const again = (await items(request, chatId))[1]!;
    expect(again).toMatchObject({
      id: reply!.id,
      revision: 2,
      versions: [{ version: 1, revision: 1, status: "complete" }],
    });
    const pick = (revision: number) =>
      request.post(`/api/chats/${chatId}/selections`, {
        headers: sameOrigin(baseURL),
        data: { itemId: reply!.id, instanceId: "destination-choice", choiceId: "docs", revision },
      });
    const older = await pick(1);
    expect(older.status()).toBe(409);
    expect(await older.json()).toMatchObject({ code: "older-version" });
    expect(await items(request, chatId)).toHaveLength(2);
    expect((await pick(2)).status()).toBe(200);
  });
});
