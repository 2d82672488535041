import { afterAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chats";
import { drawReply } from "../reply/draw";
import { chatEventSchema, type ChatEvent } from "../wire";
import { END_RETRY_WINDOW_MS, storeEnd } from "./store-end";
import { statementText } from "@/scripts/test/statement-text";
import { streamingReply } from "../../../scripts/test/streaming";
import { PREVIEW_INTERVAL_MS } from "./writer";

afterAll(async () => {
  await disconnectDb();
});

async function loggedEvents(chatId: string): Promise<ChatEvent[]> {
  const rows = await db().chatEvent.findMany({ where: { chatId }, orderBy: { seq: "asc" }, select: { data: true } });
  return rows.map((row) => chatEventSchema.parse(row.data));
}

const previewsIn = (events: ChatEvent[]) => events.flatMap((event) => (event.type === "item.blocks" ? [event] : []));

const OPENING = "Here is the plan.\n\n```ui\n<Summary>Release plan</Summary>\n";
// About a line of text each: every line is written within 50 ms, but previews wait their turn.
const stepLine = (index: number) => `<Callout title="Step ${index}">Step number ${index} of the release, in full.</Callout>\n`;

describe("a streaming reply's block previews", () => {
  it("are written while the reply streams, at most one per 250 ms, and the last catches up with a quiet agent", async () => {
    const { writer, advance, now, ...target } = await streamingReply();
    let content = OPENING;
    writer.push(content);
    const previewedAt: number[] = [];
    let seen = 0;
    // A line every 20 ms; the clock moves 10 ms at a time, and every write falls on one of those.
    for (let tick = 0; tick <= 80; tick++) {
      await advance(tick === 0 ? 0 : 10);
      if (tick % 2 === 0) {
        content += stepLine(tick / 2);
        writer.push(content);
      }
      const previews = previewsIn(await loggedEvents(target.chatId));
      expect(previews.length - seen).toBeLessThanOrEqual(1);
      if (previews.length > seen) previewedAt.push(now());
      seen = previews.length;
    }
    // 800 ms of writes every 50 ms: a preview at the start, then one each time 250 ms are up, never sooner.
    const start = previewedAt[0]!;
    expect(previewedAt.map((at) => at - start)).toEqual([0, 1, 2, 3].map((count) => count * PREVIEW_INTERVAL_MS));
    // The agent falls quiet: the block's last growth is still previewed once its interval is up.
    await advance(2 * PREVIEW_INTERVAL_MS);
    const last = previewsIn(await loggedEvents(target.chatId)).at(-1)!;
    expect(last.itemId).toBe(target.itemId);
    expect(last.blocks).toHaveLength(1);
    expect(last.blocks[0]).toMatchObject({ id: `${target.itemId}:ui:19`, complete: false });
    expect(JSON.stringify(last.blocks[0]!.nodes)).toContain("Step 40");
    await writer.close();
  });

  it("are never stored as the reply's blocks: those and their revision come from the final compile at its end", async () => {
    const { writer, advance, ...target } = await streamingReply();
    let content = OPENING + stepLine(0);
    writer.push(content);
    await advance(0);
    content += stepLine(1);
    writer.push(content);
    await advance(PREVIEW_INTERVAL_MS);
    expect(previewsIn(await loggedEvents(target.chatId)).length).toBe(2);

    // Mid-reply, the stored item holds the text; its blocks are only ever previews on the stream.
    const stored = await db().item.findUniqueOrThrow({ where: { id: target.itemId } });
    expect(stored.content).toContain("Step 0");
    expect(stored).toMatchObject({ blocks: null, revision: 0 });
    const midReply = await loadChatView({ visitorId: target.visitorId, chatId: target.chatId });
    expect(midReply.items[1]).toMatchObject({ status: "streaming", revision: 0 });
    expect(midReply.items[1]!.blocks[`${target.itemId}:ui:19`]).toMatchObject({ complete: false });
    expect(midReply.items[1]!.blocks[`${target.itemId}:ui:19`]!.revision).toBeUndefined();

    await writer.close();
    content += "```\n\nShall we?";
    const drawn = drawReply(content, { itemId: target.itemId, final: true });
    await storeEnd({ ...target, content, drawn, outcome: "finished" }, Date.now() + END_RETRY_WINDOW_MS);

    const ended = await db().item.findUniqueOrThrow({ where: { id: target.itemId } });
    expect(ended).toMatchObject({ status: "complete", revision: 1 });
    expect(ended.blocks).toEqual(drawn.blocks.map((block) => ({ ...block, revision: 1 })));
    expect(ended.blocks).toMatchObject([{ complete: true, revision: 1 }]);
    // The previews are gone from the log; the completion carries the final blocks whole.
    const events = await loggedEvents(target.chatId);
    expect(previewsIn(events)).toEqual([]);
    const completed = events.find((event) => event.type === "item.completed");
    expect(completed?.type === "item.completed" && completed.item.blocks[`${target.itemId}:ui:19`]).toMatchObject({ complete: true, revision: 1 });
  });
});

describe("a streaming write that committed but whose answer was lost", () => {
  it("is followed by the reply's parts whole, so a page folding the log never draws its text twice", async () => {
    const { writer, advance, ...target } = await streamingReply();
    const client = db();
    const queryRaw = client.$queryRaw;
    let loseNextAnswer = false;
    const lost = vi.spyOn(client, "$queryRaw").mockImplementation(async function (this: unknown, template: TemplateStringsArray, ...values: unknown[]) {
      const result = await queryRaw.call(this, template, ...values);
      if (loseNextAnswer && statementText(template, values).includes('INSERT INTO "ChatEvent"')) {
        loseNextAnswer = false;
        throw new Error("connection reset after commit");
      }
      return result;
    } as typeof client.$queryRaw);
    try {
      writer.push("First line of the reply, long enough to be written on its own.\n");
      await advance(0);
      loseNextAnswer = true;
      writer.push("First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\n");
      await advance(PREVIEW_INTERVAL_MS);
      writer.push("First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\nThird.\n");
      await advance(PREVIEW_INTERVAL_MS);
    } finally {
      lost.mockRestore();
      await writer.close();
    }
    let text = "";
    for (const event of await loggedEvents(target.chatId)) {
      if (event.type === "item.delta") text += event.text;
      if (event.type === "item.parts") text = event.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
    }
    expect(text).toBe("First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\nThird.\n");
  });
});
