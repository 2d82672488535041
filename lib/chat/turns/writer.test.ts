import { afterAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { buildReply } from "../reply/build";
import { writeReplyDelta } from "../store/log";
import { chatEventSchema, type ChatEvent } from "../wire";
import { END_RETRY_WINDOW_MS, storeEnd } from "./store-end";
import { statementText } from "@/scripts/test/statement-text";
import { streamingReply } from "../../../scripts/test/streaming";

afterAll(async () => {
  await disconnectDb();
});

async function loggedEvents(chatId: string): Promise<ChatEvent[]> {
  const rows = await db().chatEvent.findMany({
    where: { chatId },
    orderBy: { seq: "asc" },
    select: { data: true },
  });
  return rows.map((row) => chatEventSchema.parse(row.data));
}

const OPENING = "Here is the plan.\n\n```ui\n<Summary>Release plan</Summary>\n";
// About a line of text each, so every line is written within 50 ms.
const stepLine = (index: number) =>
  `<Callout title="Step ${index}">Step number ${index} of the release, in full.</Callout>\n`;
const BLOCK_ID = (itemId: string) => `${itemId}:ui:19`;

/** The streaming block's fence as a page folding these events holds it. */
function foldedFence(events: ChatEvent[], blockId: string): string {
  let fence = "";
  for (const event of events) {
    if (event.type === "item.part" && event.part.kind === "block" && event.part.blockId === blockId)
      fence = event.part.fence ?? "";
    if (event.type === "item.fence" && event.blockId === blockId) fence += event.text;
  }
  return fence;
}

describe("a streaming reply's blocks", () => {
  it("travel as their fence's new text, never compiled, so what streams grows with the reply", async () => {
    const { writer, advance, ...target } = await streamingReply();
    let content = OPENING;
    writer.push(content);
    for (let tick = 0; tick <= 40; tick++) {
      await advance(tick === 0 ? 0 : 20);
      content += stepLine(tick);
      writer.push(content);
    }
    await advance(1_000);
    const events = await loggedEvents(target.chatId);
    const fence = content.slice(content.indexOf("```ui"));
    expect(foldedFence(events, BLOCK_ID(target.itemId))).toBe(fence);
    expect(events.filter((event) => event.type === "item.fence").length).toBeGreaterThan(10);
    // No compiled tree on the wire: a preview is the page's own.
    expect(
      events.some(
        (event) =>
          event.type === "item.blocks" ||
          (event.type === "item.created" && Object.keys(event.item.blocks).length > 0),
      ),
    ).toBe(false);
    const streamed = events.filter(
      (event) =>
        event.type === "item.fence" || event.type === "item.delta" || event.type === "item.part",
    );
    expect(JSON.stringify(streamed).length).toBeLessThan(2 * content.length);
    await writer.close();
  });

  it("are never stored until the reply's end: its final compile gives them, and its parts keep no fence", async () => {
    const { writer, advance, ...target } = await streamingReply();
    let content = OPENING + stepLine(0);
    writer.push(content);
    await advance(0);
    content += stepLine(1);
    writer.push(content);
    await advance(100);
    expect(foldedFence(await loggedEvents(target.chatId), BLOCK_ID(target.itemId))).toContain(
      "Step 1",
    );

    // A compiled preview logged by an earlier version, mid-reply: read, it draws nothing, and the end deletes it.
    const legacy = {
      type: "item.blocks",
      itemId: target.itemId,
      blocks: [
        compileUiBlock("<Summary>Old</Summary>", { id: BLOCK_ID(target.itemId), final: false }),
      ],
    };
    expect(
      await writeReplyDelta({
        ...target,
        events: [legacy as unknown as ChatEvent],
        contentTail: "",
      }),
    ).toBe("running");

    // Mid-reply, the stored item holds the text; a page reading it previews the block from its fence.
    const stored = await db().item.findUniqueOrThrow({ where: { id: target.itemId } });
    expect(stored.content).toContain("Step 0");
    expect(stored).toMatchObject({ blocks: null, revision: 0 });
    const midReply = await loadChatView({ visitorId: target.visitorId, chatId: target.chatId });
    expect(midReply.items[1]).toMatchObject({ status: "streaming", revision: 0, blocks: {} });
    expect(midReply.items[1]!.parts.at(-1)).toEqual({
      kind: "block",
      blockId: BLOCK_ID(target.itemId),
      fence: content.slice(19),
    });

    await writer.close();
    content += "```\n\nShall we?";
    const built = buildReply(content, { itemId: target.itemId, final: true });
    await storeEnd(
      { ...target, content, built, outcome: "finished" },
      Date.now() + END_RETRY_WINDOW_MS,
    );

    const ended = await db().item.findUniqueOrThrow({ where: { id: target.itemId } });
    expect(ended).toMatchObject({ status: "complete", revision: 1 });
    expect(ended.blocks).toEqual(built.blocks.map((block) => ({ ...block, revision: 1 })));
    expect(ended.blocks).toMatchObject([{ complete: true, revision: 1 }]);
    expect(ended.parts).toEqual([
      { kind: "text", text: "Here is the plan.\n\n" },
      { kind: "block", blockId: BLOCK_ID(target.itemId) },
      { kind: "text", text: "\nShall we?" },
    ]);
    // The fence's text is gone from the log; the completion carries the final blocks whole.
    const events = await loggedEvents(target.chatId);
    expect(
      events.filter((event) => event.type === "item.fence" || event.type === "item.blocks"),
    ).toEqual([]);
    const completed = events.find((event) => event.type === "item.completed");
    expect(
      completed?.type === "item.completed" && completed.item.blocks[BLOCK_ID(target.itemId)],
    ).toMatchObject({ complete: true, revision: 1 });
  });
});

describe("a streaming write that committed but whose answer was lost", () => {
  it("is followed by the reply's parts whole, so a page folding the log never draws its text twice", async () => {
    const { writer, advance, ...target } = await streamingReply();
    const client = db();
    const queryRaw = client.$queryRaw;
    let loseNextAnswer = false;
    const lost = vi.spyOn(client, "$queryRaw").mockImplementation(async function (
      this: unknown,
      template: TemplateStringsArray,
      ...values: unknown[]
    ) {
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
      writer.push(
        "First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\n",
      );
      await advance(250);
      writer.push(
        "First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\nThird.\n",
      );
      await advance(250);
    } finally {
      lost.mockRestore();
      await writer.close();
    }
    let text = "";
    for (const event of await loggedEvents(target.chatId)) {
      if (event.type === "item.delta") text += event.text;
      if (event.type === "item.parts")
        text = event.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
    }
    expect(text).toBe(
      "First line of the reply, long enough to be written on its own.\nSecond line, whose write commits but answers nothing.\nThird.\n",
    );
  });
});
