import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { choiceIdOf, createChat, sameOrigin, settledChat, type BlockBody } from "../support";

type Reading = {
  readId: string | null;
  state: string;
  args: unknown;
  value: unknown;
  frozen: boolean;
};
type Reply = {
  id: string;
  revision: number;
  blocks: Record<string, BlockBody>;
  readings: Record<string, Record<string, Reading>>;
};

async function triage(request: APIRequestContext, baseURL: string | undefined) {
  const chatId = await createChat(request, baseURL, "Triage the failing build");
  const reply = (await settledChat(request, chatId)).items[1] as unknown as Reply;
  const block = Object.values(reply.blocks)[0]!;
  const target = { itemId: reply.id, blockId: block.id, revision: reply.revision };
  const read = (values: Record<string, unknown>, query = "$runs", context = request) =>
    context.post(`/api/chats/${chatId}/ui-queries`, {
      headers: sameOrigin(baseURL),
      data: { ...target, query, values },
    });
  const choose = (values: Record<string, unknown>, reads: Record<string, string>) =>
    request.post(`/api/chats/${chatId}/ui-choices`, {
      headers: sameOrigin(baseURL),
      data: { ...target, choiceId: choiceIdOf(block, "Summarise"), values, reads },
    });
  return { chatId, reply, block, read, choose };
}

test.describe("ui.query over HTTP", () => {
  test("issues readings for the page's inputs and a choice presents them", async ({
    request,
    baseURL,
  }) => {
    const { reply, block, read, choose } = await triage(request, baseURL);
    const frozen = reply.readings[block.id]!["$runs"]!;
    expect(frozen).toMatchObject({ state: "fresh", frozen: true, args: { branch: "main" } });
    const response = await read({ $branch: "dev" });
    expect(response.status()).toBe(200);
    const { reading } = (await response.json()) as { reading: Reading };
    expect(reading).toMatchObject({ state: "fresh", frozen: false, args: { branch: "dev" } });
    const stale = await choose({ $branch: "dev" }, { $runs: frozen.readId! });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale-ui-query", reason: "stale-read" });
    expect((await choose({ $branch: "dev" }, { $runs: reading.readId! })).status()).toBe(200);
  });

  test("an answer quotes the reading it rests on, and its message carries the pick whole", async ({
    request,
    baseURL,
  }) => {
    const { chatId, read, choose } = await triage(request, baseURL);
    const { reading } = (await (await read({ $branch: "dev" })).json()) as {
      reading: Reading & { readAt: string };
    };
    const response = await choose({ $branch: "dev" }, { $runs: reading.readId! });
    expect(response.status()).toBe(200);
    const { answer } = (await response.json()) as { answer: Record<string, unknown> };
    expect(answer.readings).toEqual({
      $runs: {
        readId: reading.readId,
        args: { branch: "dev" },
        value: reading.value,
        readAt: reading.readAt,
      },
    });
    const chat = await settledChat(request, chatId);
    const { itemId, blockId, revision, choiceId, label, values, sourceAt, older, at } = answer;
    const message = chat.items[2] as unknown as { role: string; origin: unknown };
    expect(message.role).toBe("user");
    expect(message.origin).toEqual({
      kind: "uiChoice",
      itemId,
      blockId,
      revision,
      choiceId,
      label,
      values,
      sourceAt,
      older,
      at,
    });
    // Every later view of the chat draws the answer with the reading it quoted.
    const reply = chat.items[1] as unknown as { uiAnswers: Record<string, unknown> };
    expect(reply.uiAnswers[blockId as string]).toEqual(answer);
  });

  test("refuses undeclared queries, forged inputs, stale blocks, strangers, foreign origins and malformed bodies", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, reply, block, read } = await triage(request, baseURL);
    const refusals: Array<[Record<string, unknown>, string, number, string]> = [
      [{}, "$nope", 422, "query-undeclared"],
      [{ $branch: "nightly" }, "$runs", 422, "invalid_value"],
      [{ $price: 1 }, "$runs", 422, "refused_binding"],
      [JSON.parse(`{"__proto__": {"x": 1}}`), "$runs", 422, "refused_binding"],
    ];
    for (const [values, query, status, code] of refusals) {
      const response = await read(values, query);
      expect(response.status(), JSON.stringify({ values, query })).toBe(status);
      expect(await response.json()).toMatchObject({ code });
    }
    const stale = await request.post(`/api/chats/${chatId}/ui-queries`, {
      headers: sameOrigin(baseURL),
      data: { itemId: reply.id, blockId: block.id, revision: 9, query: "$runs", values: {} },
    });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "block-stale" });
    const malformed = await request.post(`/api/chats/${chatId}/ui-queries`, {
      headers: sameOrigin(baseURL),
      data: { itemId: reply.id, blockId: block.id, revision: 1, query: "$runs", values: [] },
    });
    expect(malformed.status()).toBe(400);
    const foreign = await request.post(`/api/chats/${chatId}/ui-queries`, {
      headers: { ...sameOrigin(baseURL), origin: "https://evil.example" },
      data: {},
    });
    expect(foreign.status()).toBe(403);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      expect((await read({}, "$runs", stranger)).status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
  });
});
