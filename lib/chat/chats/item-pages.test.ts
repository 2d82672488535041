import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { disconnectDb } from "@/lib/db/client";
import { loadChatView, loadEarlierItems } from "./chat-view";
import { createChat } from "./manage";
import { sendMessage } from "./send-message";
import { EARLIER_PAGE, RECENT_ITEMS } from "./item-pages";
import { pickFrameChoice } from "../answers/selections";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });

/** A chat of `exchanges` messages and replies; its first reply's list was answered (two more items). */
async function longChat(exchanges: number) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Where should we go next?" });
  await runChat(chatId, instant);
  const [, list] = (await loadChatView({ visitorId, chatId })).items;
  await pickFrameChoice({
    visitorId,
    chatId,
    itemId: list!.id,
    instanceId: "destination-choice",
    choiceId: "docs",
  });
  await runChat(chatId, instant);
  for (let index = 2; index < exchanges; index++) {
    await sendMessage({ visitorId, chatId, text: `Message ${index}` });
    await runChat(chatId, instant);
  }
  return { visitorId, chatId, listId: list!.id };
}

const positions = (items: { position: number }[]) => items.map((item) => item.position);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("a long chat's page", () => {
  let chat: Awaited<ReturnType<typeof longChat>>;
  const total = 2 * 14;
  beforeAll(async () => {
    chat = await longChat(14);
  }, 60_000);

  it("opens on the latest items and says earlier ones exist", async () => {
    const view = await loadChatView(chat);
    expect(positions(view.items)).toEqual(range(total - RECENT_ITEMS + 1, total));
    expect(view.hasEarlier).toBe(true);
  });

  it("brings the items before the first it holds, with their answered state, as of one moment of the log", async () => {
    const view = await loadChatView(chat);
    const page = await loadEarlierItems({ ...chat, before: view.items[0]!.position });
    expect(positions(page.items)).toEqual(range(1, total - RECENT_ITEMS));
    expect(page.hasEarlier).toBe(false);
    expect(page.lastEventSeq).toBe(view.lastEventSeq);
    const list = page.items.find((item) => item.id === chat.listId)!;
    expect(list.selections["destination-choice"]).toMatchObject({
      choiceId: "docs",
      label: "Documentation",
    });
  });

  it("brings a page at most, and says when more precede it", async () => {
    const page = await loadEarlierItems({ ...chat, before: 4 });
    expect(positions(page.items)).toEqual([1, 2, 3]);
    expect(page.hasEarlier).toBe(false);
    const sliced = await loadEarlierItems({ ...chat, before: total + 1 });
    expect(positions(sliced.items)).toEqual(
      range(total - Math.min(EARLIER_PAGE, total) + 1, total),
    );
    expect(sliced.hasEarlier).toBe(EARLIER_PAGE < total);
  });

  it("reads the chat again from an earlier position, so a reader keeps the items they loaded", async () => {
    const whole = await loadChatView({ ...chat, from: 1 });
    expect(positions(whole.items)).toEqual(range(1, total));
    expect(whole.hasEarlier).toBe(false);
    const part = await loadChatView({ ...chat, from: 3 });
    expect(positions(part.items)).toEqual(range(3, total));
    expect(part.hasEarlier).toBe(true);
    // A position inside the latest items changes nothing: they are always read.
    expect(positions((await loadChatView({ ...chat, from: total })).items)).toEqual(
      range(total - RECENT_ITEMS + 1, total),
    );
  });

  it("sends a statement down its transaction's connection only when none is running there", async () => {
    // pg warns of (and pg 9 refuses) a query sent while its connection runs another.
    const overlapping: string[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (
      this: pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] },
      ...args: unknown[]
    ) {
      if (this._activeQuery || this._queryQueue.length > 0)
        overlapping.push(String((args[0] as { text?: string }).text ?? args[0]).slice(0, 80));
      return (query as (...all: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    process.on("warning", onWarning);
    try {
      const view = await loadChatView({ ...chat, from: 1 });
      await loadEarlierItems({ ...chat, before: view.items.at(-1)!.position });
    } finally {
      pg.Client.prototype.query = query;
      process.off("warning", onWarning);
    }
    expect(overlapping).toEqual([]);
    expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
  });

  it("finds no chat of another visitor", async () => {
    await expect(
      loadEarlierItems({ visitorId: randomUUID(), chatId: chat.chatId, before: 10 }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
  });
});

describe("a short chat's page", () => {
  it("holds every item and has nothing earlier", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "hello" });
    await runChat(chatId, instant);
    const view = await loadChatView({ visitorId, chatId });
    expect(positions(view.items)).toEqual([1, 2]);
    expect(view.hasEarlier).toBe(false);
    expect(await loadEarlierItems({ visitorId, chatId, before: 1 })).toEqual({
      items: [],
      hasEarlier: false,
      lastEventSeq: view.lastEventSeq,
    });
  });
});
