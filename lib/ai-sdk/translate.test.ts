import { readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { recordedReply, type LoggedEvent } from "@/scripts/test/recorded-log";
import { applyChatEvent, type ChatEvent, type ChatView, type ItemView } from "@/lib/chat/wire";
import {
  answerableDataPartSchemas,
  type AnswerableUIMessage,
  type UiBlockData,
} from "./data-parts";
import { ReplyTranslator, type ReplyTurn } from "./translate";

afterAll(async () => {
  await disconnectDb();
});

function translate(awaiting: ReplyTurn, log: readonly LoggedEvent[], after = 0) {
  const translator = new ReplyTranslator(awaiting);
  const chunks = [
    ...translator.opening(after),
    ...log.flatMap(({ seq, event }) => translator.next(seq, event)),
  ];
  return { chunks, done: translator.done };
}

/** Every chunk as the AI SDK's own schema reads it: a change of its protocol fails here. */
async function checkedBySdk(chunks: readonly UIMessageChunk[]): Promise<void> {
  const schema = uiMessageChunkSchema();
  for (const chunk of chunks) {
    const result = await schema.validate!(chunk);
    expect(result, JSON.stringify(chunk)).toMatchObject({ success: true });
  }
}

/** The message `useChat` builds from the chunks, each data part checked against its schema. */
async function messageOf(chunks: readonly UIMessageChunk[]): Promise<AnswerableUIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: AnswerableUIMessage | undefined;
  for await (const message of readUIMessageStream<AnswerableUIMessage>({
    stream,
    terminateOnError: true,
  }))
    last = message;
  for (const part of last!.parts)
    if (part.type.startsWith("data-")) {
      const name = part.type.slice(5) as keyof typeof answerableDataPartSchemas;
      expect(
        answerableDataPartSchemas[name].safeParse((part as { data: unknown }).data),
      ).toMatchObject({
        success: true,
      });
    }
  return last!;
}

/** Text-delta only inside its text's start and end; start first, finish last. */
function checkOrder(chunks: readonly UIMessageChunk[]): void {
  expect(chunks[0]).toMatchObject({ type: "start" });
  expect(chunks.at(-1)).toMatchObject({ type: "finish" });
  const open = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.type === "text-start") open.add(chunk.id);
    if (chunk.type === "text-delta") expect(open.has(chunk.id), chunk.id).toBe(true);
    if (chunk.type === "text-end") expect(open.delete(chunk.id), chunk.id).toBe(true);
    if (chunk.type === "reset-step") open.clear();
  }
  expect(open.size).toBe(0);
}

describe("a recorded reply as the AI SDK's UI message stream", () => {
  it("is chunks the SDK's schema accepts, in its order, that build the reply's text, block and frame", async () => {
    const { log, itemId } = await recordedReply("Mix prose, a block and a list");
    const sent = log[0]!.event as Extract<ChatEvent, { type: "item.created" }>;
    // The log holds the reply as it streamed: prose, the block's fence, the frame's placeholder.
    const types = new Set(log.map(({ event }) => event.type));
    expect([...types]).toEqual(
      expect.arrayContaining(["item.delta", "item.part", "item.parts", "item.completed"]),
    );

    const { chunks, done } = translate({ kind: "message", itemId: sent.item.id }, log);
    expect(done).toBe(true);
    await checkedBySdk(chunks);
    checkOrder(chunks);
    expect(chunks[0]).toEqual({
      type: "start",
      messageId: itemId,
      messageMetadata: {
        status: "streaming",
        position: expect.any(Number),
        revision: expect.any(Number),
      },
    });
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "stop" });
    // The block arrives as its fence; the stored block replaces it under the same id.
    const blockId = `${itemId}:ui:28`;
    const blockChunks = chunks.filter((chunk) => chunk.type === "data-ui-block");
    expect(blockChunks.map((chunk) => "id" in chunk && chunk.id)).toEqual([blockId, blockId]);
    expect(blockChunks[0]).toMatchObject({
      data: { fence: expect.stringMatching(/^```ui/), block: null },
    });

    const message = await messageOf(chunks);
    expect(message.id).toBe(itemId);
    // The reply is answerable once its item is final, which its metadata says.
    expect(message.metadata).toEqual({
      status: "complete",
      position: expect.any(Number),
      revision: 1,
    });
    expect(message.parts.map((part) => part.type)).toEqual([
      "step-start",
      "text",
      "data-ui-block",
      "data-choice-list",
      "text",
    ]);
    const [, prose, block, list, last] = message.parts;
    expect(prose).toMatchObject({
      type: "text",
      text: "Prose first, then a block:\n\n",
      state: "done",
    });
    expect(last).toMatchObject({ text: "Both can be answered, once each.", state: "done" });
    expect(block).toMatchObject({
      id: blockId,
      data: {
        itemId,
        blockId,
        fence: null,
        revision: 1,
        answer: null,
        block: { id: blockId, complete: true, revision: 1, diagnostics: [] },
      },
    });
    expect(list).toMatchObject({
      id: `${itemId}:mixed-colour`,
      data: {
        itemId,
        frame: { instanceId: "mixed-colour", props: { prompt: "And a colour?" } },
        selection: null,
      },
    });
  });

  it("updates a block's and a frame's part under its id when answered, and says when a reply failed", async () => {
    const { log, itemId } = await recordedReply("Mix prose, a block and a list", 96);
    const sent = log[0]!.event as Extract<ChatEvent, { type: "item.created" }>;
    const blockId = `${itemId}:ui:28`;
    const at = "2026-01-01T00:00:00.000Z";
    const answer = {
      itemId,
      blockId,
      revision: 1,
      choiceId: `${blockId}:1`,
      label: "Pick this size",
      values: { $size: "m" },
      readings: {},
      sourceAt: at,
      older: false,
      at,
      queued: false,
      turnId: null,
    };
    const selection = {
      instanceId: "mixed-colour",
      choiceId: "red",
      label: "Red",
      at,
      queued: false,
      confirmationToken: null,
    };
    const [ended, ...before] = [log.at(-1)!, ...log.slice(0, -1)];
    const seq = ended.seq;
    const answers: LoggedEvent[] = [
      { seq: seq, event: { type: "ui.answered", itemId, answer } },
      { seq: seq + 1, event: { type: "selection.recorded", itemId, selection } },
      { seq: seq + 2, event: { type: "selection.recorded", itemId: "older", selection } },
      {
        seq: seq + 3,
        event: { ...(ended.event as Extract<ChatEvent, { type: "turn.ended" }>), status: "failed" },
      },
    ];
    const { chunks } = translate({ kind: "message", itemId: sent.item.id }, [
      ...before,
      ...answers,
    ]);
    await checkedBySdk(chunks);
    checkOrder(chunks);
    expect(chunks.slice(-3)).toEqual([
      { type: "error", errorText: "The reply failed." },
      { type: "finish-step" },
      { type: "finish", finishReason: "error" },
    ]);
    // Another reply's answer goes beside the message, for the page to apply to that reply.
    expect(chunks).toContainEqual({
      type: "data-answer",
      data: { kind: "selection", itemId: "older", selection },
      transient: true,
    });
    const message = await messageOf(chunks.filter((chunk) => chunk.type !== "error"));
    expect(message.metadata?.status).not.toBe("streaming");
    expect(message.parts.map((part) => part.type)).toEqual([
      "step-start",
      "text",
      "data-ui-block",
      "data-choice-list",
      "text",
    ]);
    expect(message.parts[2]).toMatchObject({
      id: blockId,
      data: { answer: { label: "Pick this size" } },
    });
    expect(message.parts[3]).toMatchObject({ data: { selection: { choiceId: "red" } } });
  });

  it("sends a block's fence as it grows, each time whole under the block's id", async () => {
    const { log, itemId } = await recordedReply("Walk me through a release checklist", 48);
    const fences = log.filter(({ event }) => event.type === "item.fence").length;
    expect(fences).toBeGreaterThan(5);
    const sent = log[0]!.event as Extract<ChatEvent, { type: "item.created" }>;
    const { chunks } = translate({ kind: "message", itemId: sent.item.id }, log);
    await checkedBySdk(chunks);
    checkOrder(chunks);
    const blockId = `${itemId}:ui:86`;
    const blockData = chunks.flatMap((chunk) =>
      chunk.type === "data-ui-block" ? [(chunk as { data: UiBlockData }).data] : [],
    );
    // One for the part, one for each growth, one for the stored block.
    expect(blockData).toHaveLength(fences + 2);
    const grown = blockData.slice(0, -1).map((data) => data.fence!.length);
    expect(grown).toEqual([...grown].sort((a, b) => a - b));
    expect(blockData.at(-1)).toMatchObject({ fence: null, block: { id: blockId, revision: 1 } });
    const message = await messageOf(chunks);
    expect(message.parts.filter((part) => part.type === "data-ui-block")).toHaveLength(1);
  });

  it("reads nothing of another turn, and nothing twice", async () => {
    const { log, itemId } = await recordedReply("Mix prose, a block and a list");
    const sent = log[0]!.event as Extract<ChatEvent, { type: "item.created" }>;
    // Another message's turn: this one never starts.
    expect(translate({ kind: "message", itemId: "another" }, log).chunks).toEqual([]);
    // Every event delivered twice, as a reader that opened the stream again too early would.
    const twice = log.flatMap((entry) => [entry, entry]);
    const once = translate({ kind: "message", itemId: sent.item.id }, log).chunks;
    expect(translate({ kind: "message", itemId: sent.item.id }, twice).chunks).toEqual(once);
    // Cut anywhere, then resumed from the reply as a reader then sees it: the same message.
    const whole = await messageOf(once);
    for (const cut of [3, Math.floor(log.length / 2), log.length - 3]) {
      const reply = replyAt(log.slice(0, cut), itemId);
      const resumed = translate({ kind: "running", reply }, log.slice(cut), log[cut - 1]!.seq);
      await checkedBySdk(resumed.chunks);
      expect(await messageOf(resumed.chunks)).toEqual(whole);
    }
  });
});

/** The reply as `GET /api/chats/:id` shows it after the first events of the log. */
function replyAt(log: readonly LoggedEvent[], itemId: string): ItemView | null {
  const empty: ChatView = {
    id: "",
    title: "",
    items: [],
    hasEarlier: false,
    queued: [],
    running: true,
    lastEventSeq: 0,
  };
  const chat = log.reduce((view, { seq, event }) => applyChatEvent(view, event, seq), empty);
  return chat.items.find((item) => item.id === itemId) ?? null;
}
