import { expect, test, type APIRequestContext } from "@playwright/test";
import { choiceIdOf, createChat, sameOrigin, settledChat, textOf, type BlockBody } from "../support";

type Reply = { id: string; revision: number; parentToolUseId: string | null; blocks: Record<string, BlockBody> };

/** A chat whose first reply (to `message`) has finished, with that reply and its first block. */
async function replied(request: APIRequestContext, baseURL: string | undefined, message: string, index = 1) {
  const chatId = await createChat(request, baseURL, message);
  const chat = await settledChat(request, chatId);
  const reply = chat.items[index] as unknown as Reply;
  const block = Object.values(reply.blocks)[0]!;
  return { chatId, reply, block };
}

function chooser(request: APIRequestContext, baseURL: string | undefined, chatId: string, reply: Reply, block: BlockBody) {
  return (choiceId: string, values: Record<string, unknown>, options: { revision?: number; context?: APIRequestContext } = {}) =>
    (options.context ?? request).post(`/api/chats/${chatId}/ui-choices`, {
      headers: sameOrigin(baseURL),
      data: { itemId: reply.id, blockId: block.id, revision: options.revision ?? reply.revision, choiceId, values },
    });
}

const CHECKLIST = "Walk me through a release checklist";
const READY = { $checks: ["tests", "docs"], $notify: true, $rollout: 100, $target: "production" };

test.describe("chat.uiChoice over HTTP", () => {
  test("sends the choice's context once, answers a replay the same, refuses another choice", async ({ request, baseURL }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    expect(reply.revision).toBe(1);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const release = choiceIdOf(block, "Release to");
    const first = await choose(release, READY);
    expect(first.status()).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ status: "sent", answer: { blockId: block.id, revision: 1, label: "Release to production", values: READY } });
    const again = await choose(release, READY);
    expect(await again.json()).toEqual(body);
    const other = await choose(choiceIdOf(block, "Hold"), READY);
    expect(other.status()).toBe(409);
    expect(await other.json()).toMatchObject({ code: "ui-already-answered" });

    const chat = await settledChat(request, chatId);
    const users = chat.items.filter((item) => item.role === "user").map(textOf);
    expect(users).toEqual([CHECKLIST, "Release checklist: ship production at 100% (checked: tests, docs; notify the team: true)"]);
    // The agent walks on: its next reply is the rollout plan, a block of its own.
    expect(textOf(chat.items.at(-1)!)).toContain("Here is the rollout plan for **production**");
  });

  test("refuses forged values, stale revisions, unknown blocks, bad bodies, strangers and foreign origins", async ({ request, baseURL, playwright }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const release = choiceIdOf(block, "Release to");
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...READY, $price: 0 }, 422, "refused_binding"],
      [{ ...READY, $target: "the-moon" }, 422, "invalid_value"],
      [{ ...READY, $rollout: 150 }, 422, "invalid_value"],
      [{ ...READY, $checks: ["tests", "deploy-anyway"] }, 422, "invalid_value"],
      [JSON.parse(`{"__proto__": {"admin": true}, "$target": "production"}`), 422, "refused_binding"],
      [{ target: "production" }, 422, "refused_binding"],
      // A disabled Choice: fewer than two checks.
      [{}, 422, "refused_choice"],
    ];
    for (const [values, status, code] of refusals) {
      const response = await choose(release, values);
      expect(response.status(), JSON.stringify(values)).toBe(status);
      expect(await response.json()).toMatchObject({ code });
    }
    const stale = await choose(release, READY, { revision: 2 });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale-ui-block", reason: "revision" });
    const unknown = await chooser(request, baseURL, chatId, reply, { ...block, id: `${reply.id}:ui:9999` })(release, READY);
    expect(unknown.status()).toBe(404);
    for (const data of [{ itemId: reply.id, blockId: block.id, revision: 1, choiceId: release, values: [] }, { itemId: reply.id, blockId: block.id, revision: 1, choiceId: release, values: {}, label: "forged" }]) {
      const malformed = await request.post(`/api/chats/${chatId}/ui-choices`, { headers: sameOrigin(baseURL), data });
      expect(malformed.status()).toBe(400);
    }
    const foreign = await request.post(`/api/chats/${chatId}/ui-choices`, {
      headers: { ...sameOrigin(baseURL), origin: "https://evil.example" },
      data: { itemId: reply.id, blockId: block.id, revision: 1, choiceId: release, values: READY },
    });
    expect(foreign.status()).toBe(403);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      expect((await choose(release, READY, { context: stranger })).status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items).toHaveLength(2);
    // After all of that the block is still open to an honest pick.
    expect((await choose(release, READY)).status()).toBe(200);
  });

  test("lets exactly one of many concurrent different picks win", async ({ request, baseURL }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const ids = [choiceIdOf(block, "Release to"), choiceIdOf(block, "Hold")];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => choose(ids[index % 2]!, READY)));
    const winners = await Promise.all(responses.filter((response) => response.status() === 200).map(async (response) => (await response.json()).answer.choiceId));
    expect(new Set(winners).size).toBe(1);
    expect(responses.every((response) => response.status() === 200 || response.status() === 409)).toBe(true);
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user")).toHaveLength(2);
  });

  test("answers many concurrent identical picks alike, with one message", async ({ request, baseURL }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const responses = await Promise.all(Array.from({ length: 10 }, () => choose(choiceIdOf(block, "Release to"), READY)));
    expect(responses.map((response) => response.status())).toEqual(Array.from({ length: 10 }, () => 200));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user")).toHaveLength(2);
  });

  test("refuses a subagent's block: it is drawn to be read, not answered", async ({ request, baseURL }) => {
    const { chatId, reply, block } = await replied(request, baseURL, "Ask a subagent to check the build", 2);
    expect(reply.parentToolUseId).toBe("toolu_checks_subagent");
    const response = await chooser(request, baseURL, chatId, reply, block)(choiceIdOf(block, "Rerun"), {});
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: "stale-ui-block", reason: "subagent" });
  });

  test("regenerates the last reply as a new revision; the old revision is refused", async ({ request, baseURL }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const regenerate = await request.post(`/api/chats/${chatId}/items/${reply.id}/regenerate`, { headers: sameOrigin(baseURL), data: {} });
    expect(regenerate.status()).toBe(202);
    const chat = await settledChat(request, chatId);
    const again = chat.items[1] as unknown as Reply;
    expect(again).toMatchObject({ id: reply.id, revision: 2 });
    const choose = chooser(request, baseURL, chatId, reply, block);
    const old = await choose(choiceIdOf(block, "Hold"), {}, { revision: 1 });
    expect(old.status()).toBe(409);
    expect(await old.json()).toMatchObject({ code: "stale-ui-block" });
    expect((await choose(choiceIdOf(block, "Hold"), {}, { revision: 2 })).status()).toBe(200);
    const notLast = await request.post(`/api/chats/${chatId}/items/${reply.id}/regenerate`, { headers: sameOrigin(baseURL), data: {} });
    expect(notLast.status()).toBe(409);
    expect(await notLast.json()).toMatchObject({ code: "cannot-regenerate" });
  });
});
