import { describe, expect, it } from "vitest";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { diffParts } from "./diff";
import { appendText, applyChatEvent } from "./reducer";
import type { ChatView, ItemView, UiAnswerView } from "./views";

function item(overrides: Partial<ItemView> = {}): ItemView {
  return {
    id: "reply",
    position: 2,
    role: "assistant",
    status: "streaming",
    parts: [],
    blocks: {},
    revision: 0,
    origin: null,
    parentToolUseId: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    completedAt: null,
    selections: {},
    confirmations: {},
    uiAnswers: {},
    readings: {},
    ...overrides,
  };
}

function chat(items: ItemView[] = [item()]): ChatView {
  return { id: "chat", title: "Chat", items, queued: [], running: true, lastEventSeq: 3 };
}

const answer = (revision: number): UiAnswerView => ({
  itemId: "reply",
  blockId: "reply:ui:0",
  revision,
  choiceId: "reply:ui:0:40",
  label: "Ship",
  values: { $target: "production" },
  sourceAt: "2026-12-01T10:00:01.000Z",
  older: false,
  at: "2026-12-01T10:00:05.000Z",
  queued: false,
  turnId: null,
});

describe("applyChatEvent", () => {
  it("ignores an event it already applied, so a replayed stream changes nothing", () => {
    const before = chat();
    expect(applyChatEvent(before, { type: "turn.ended", turnId: "t", status: "finished" }, 3)).toBe(before);
    expect(applyChatEvent(before, { type: "turn.ended", turnId: "t", status: "finished" }, 4)).toMatchObject({ running: false, lastEventSeq: 4 });
  });

  it("folds deltas, parts and block previews into the streaming item", () => {
    const block = compileUiBlock("<Summary>Hi</Summary>", { id: "reply:ui:7", final: false });
    let state = applyChatEvent(chat(), { type: "item.delta", itemId: "reply", text: "Hello " }, 4);
    state = applyChatEvent(state, { type: "item.delta", itemId: "reply", text: "there" }, 5);
    state = applyChatEvent(state, { type: "item.part", itemId: "reply", part: { kind: "block", blockId: block.id } }, 6);
    state = applyChatEvent(state, { type: "item.blocks", itemId: "reply", blocks: [block] }, 7);
    expect(state.items[0]!.parts).toEqual([{ kind: "text", text: "Hello there" }, { kind: "block", blockId: "reply:ui:7" }]);
    expect(state.items[0]!.blocks["reply:ui:7"]).toEqual(block);
  });

  it("lands on the completed reply from any point of its stream, across the numbers its deleted deltas left", () => {
    const completed = item({ status: "complete", revision: 1, parts: [{ kind: "text", text: "Hello there, all of it." }] });
    const live = [
      { type: "item.delta", itemId: "reply", text: "Hello " },
      { type: "item.delta", itemId: "reply", text: "there" },
    ] as const;
    // Followed live: both deltas, then the completion. Resumed later: the deltas are gone.
    const followed = live.reduce((state, event, index) => applyChatEvent(state, event, 4 + index), chat());
    const resumedInside = applyChatEvent(chat(), live[0], 4);
    for (const from of [followed, resumedInside, chat()]) {
      const ended = applyChatEvent(applyChatEvent(from, { type: "item.completed", item: completed }, 9), { type: "turn.ended", turnId: "t", status: "finished" }, 10);
      expect(ended).toEqual({ ...chat([completed]), running: false, lastEventSeq: 10 });
    }
  });

  it("keeps answers, selections and confirmations when a completed item replaces the streaming one", () => {
    const completed = item({ status: "complete", revision: 1, uiAnswers: { "reply:ui:0": answer(1) } });
    const state = applyChatEvent(chat(), { type: "item.completed", item: completed }, 4);
    expect(state.items[0]!.uiAnswers["reply:ui:0"]).toEqual(answer(1));
  });

  it("records an answer of the current revision and ignores one of an older revision", () => {
    const state = chat([item({ status: "complete", revision: 2 })]);
    expect(applyChatEvent(state, { type: "ui.answered", itemId: "reply", answer: answer(1) }, 4).items[0]!.uiAnswers).toEqual({});
    expect(applyChatEvent(state, { type: "ui.answered", itemId: "reply", answer: answer(2) }, 4).items[0]!.uiAnswers).toEqual({ "reply:ui:0": answer(2) });
  });

  it("restarts a regenerated item with nothing drawn, and keeps items in position order", () => {
    const user = item({ id: "user", role: "user", position: 1, status: "complete" });
    const state = chat([item({ status: "complete", revision: 1, parts: [{ kind: "text", text: "old" }] }), user]);
    const restarted = applyChatEvent(state, { type: "item.restarted", item: item({ revision: 1 }) }, 4);
    expect(restarted.items.map((entry) => entry.id)).toEqual(["user", "reply"]);
    expect(restarted.items[1]).toMatchObject({ status: "streaming", parts: [] });
  });
});

describe("the chat itself", () => {
  it("takes a new title from chat.renamed", () => {
    expect(applyChatEvent(chat(), { type: "chat.renamed", title: "Launch plan" }, 4)).toMatchObject({ title: "Launch plan", lastEventSeq: 4 });
  });
});

describe("the queue", () => {
  it("adds and removes one message at a time", () => {
    const queued = { id: "7", text: "next", createdAt: "2026-12-01T10:00:00.000Z" };
    const added = applyChatEvent(chat(), { type: "queue.added", queued }, 4);
    expect(added.queued).toEqual([queued]);
    expect(applyChatEvent(added, { type: "queue.removed", id: "7" }, 5).queued).toEqual([]);
  });
});

describe("diffParts", () => {
  it("sends appended text as a delta and new parts as parts", () => {
    expect(diffParts("r", [{ kind: "text", text: "He" }], [{ kind: "text", text: "Hello" }, { kind: "block", blockId: "r:ui:5" }])).toEqual([
      { type: "item.delta", itemId: "r", text: "llo" },
      { type: "item.part", itemId: "r", part: { kind: "block", blockId: "r:ui:5" } },
    ]);
  });

  it("sends the whole list again when an earlier part changed or parts went away", () => {
    const next = [{ kind: "text" as const, text: "Before" }, { kind: "block" as const, blockId: "r:ui:7" }];
    expect(diffParts("r", [{ kind: "text", text: "Before\n```ui" }], next)).toEqual([{ type: "item.parts", itemId: "r", parts: next }]);
    expect(diffParts("r", next, next.slice(0, 1))).toEqual([{ type: "item.parts", itemId: "r", parts: next.slice(0, 1) }]);
  });

  it("sends nothing when nothing changed", () => {
    expect(diffParts("r", [{ kind: "text", text: "same" }], [{ kind: "text", text: "same" }])).toEqual([]);
    expect(appendText([], "a")).toEqual([{ kind: "text", text: "a" }]);
  });
});
