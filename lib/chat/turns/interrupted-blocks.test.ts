import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { pickUiChoice } from "../answers/ui-choice";
import { loadChatView } from "../chats/chat-view";
import { chatEventSchema } from "../wire";
import { recoverStaleTurns } from "./recover";
import { regenerateReply } from "./regenerate";
import { runChat } from "./run";
import { streamingReply } from "../../../scripts/test/streaming";

afterAll(async () => {
  await disconnectDb();
});

const BLOCK =
  '```ui\n<Summary>Ship it?</Summary>\n<Choices>\n  <Choice context="Ship it">Ship</Choice>\n  <Choice context="Wait">Wait</Choice>\n</Choices>\n```';
const CUT = `Here is the plan.\n\n${BLOCK}\n\nOnce it ships, the next step is`;
const WHOLE = `${CUT} the changelog.`;

/** A turn whose process died mid-reply: its writes stopped after the block, and its lease lapsed. */
async function interruptedReply() {
  const reply = await streamingReply();
  reply.writer.push(CUT);
  await reply.advance(0);
  await reply.writer.close();
  await db().turn.update({
    where: { id: reply.turnId },
    data: { leaseExpiresAt: new Date(Date.now() - 1) },
  });
  await recoverStaleTurns({ chatId: reply.chatId });
  const chat = await loadChatView({ visitorId: reply.visitorId, chatId: reply.chatId });
  return { ...reply, item: chat.items[1]! };
}

describe("a reply with a block whose process died", () => {
  it("ends through recovery with its final compiled blocks and a revision, like any end", async () => {
    const { chatId, itemId, item } = await interruptedReply();
    const blockId = `${itemId}:ui:19`;
    expect(item).toMatchObject({ status: "interrupted", revision: 1 });
    expect(item.parts.map((part) => part.kind)).toEqual(["text", "block", "text"]);
    expect(item.blocks[blockId]).toMatchObject({ complete: true, revision: 1, diagnostics: [] });
    const stored = await db().item.findUniqueOrThrow({ where: { id: itemId } });
    expect(stored).toMatchObject({ status: "interrupted", revision: 1, snapshotSeq: null });
    expect(stored.blocks).toMatchObject([{ id: blockId, complete: true, revision: 1 }]);
    // Its previews are gone from the log; the completion carries the blocks the recovery compiled.
    const events = (
      await db().chatEvent.findMany({ where: { chatId }, orderBy: { seq: "asc" } })
    ).map((row) => chatEventSchema.parse(row.data));
    expect(events.map((event) => event.type)).toEqual([
      "item.created",
      "turn.started",
      "item.created",
      "item.completed",
      "turn.ended",
    ]);
    expect(events[3]).toMatchObject({
      item: {
        id: itemId,
        status: "interrupted",
        revision: 1,
        blocks: { [blockId]: { complete: true, revision: 1 } },
      },
    });
  });

  it("refuses a pick on it as unfinished, writing nothing; retried, the reply's new revision answers", async () => {
    const { visitorId, chatId, itemId, item } = await interruptedReply();
    const block = Object.values(item.blocks)[0]!;
    const ship = choiceIdByLabel(block.nodes, "Ship");
    const pick = (revision: number) =>
      pickUiChoice({
        chatId,
        visitorId,
        itemId,
        blockId: block.id,
        revision,
        choiceId: ship,
        values: {},
      });
    const before = await db().chatEvent.count({ where: { chatId } });
    await expect(pick(1)).rejects.toMatchObject({ code: "stale-ui-block", reason: "unfinished" });
    expect(await db().chatEvent.count({ where: { chatId } })).toBe(before);
    expect(await db().item.count({ where: { chatId } })).toBe(2);

    await regenerateReply({ chatId, visitorId, itemId });
    const whole: Agent = {
      async *reply() {
        for (const text of WHOLE.match(/[\s\S]{1,24}/g) ?? []) yield { type: "text", text };
      },
    };
    await runChat(chatId, whole, null);
    const retried = (await loadChatView({ visitorId, chatId })).items[1]!;
    expect(retried).toMatchObject({ id: itemId, status: "complete", revision: 2 });
    expect(retried.blocks[block.id]).toMatchObject({ complete: true, revision: 2 });
    await expect(pick(1)).rejects.toMatchObject({ code: "stale-ui-block", reason: "revision" });
    await expect(pick(2)).resolves.toMatchObject({
      status: "sent",
      answer: { label: "Ship", revision: 2 },
    });
  });
});
