import { describe, expect, it } from "vitest";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { diffParts } from "./diff";
import { addEarlierItems, appendText, applyChatEvent } from "./reducer";
import { chatEventSchema, type ChatEvent } from "./events";
import { buildChatView, buildItemView } from "../../../scripts/test/wire-fixtures";
import type { ChatView, ConfirmationView, ItemView, UiAnswerView } from "./views";

function item(overrides: Partial<ItemView> = {}): ItemView {
  return buildItemView({
    id: "reply",
    position: 2,
    status: "streaming",
    revision: 0,
    completedAt: null,
    ...overrides,
  });
}

function chat(items: ItemView[] = [item()]): ChatView {
  return buildChatView(items, { running: true });
}

const answer = (revision: number): UiAnswerView => ({
  itemId: "reply",
  blockId: "reply:ui:0",
  revision,
  choiceId: "reply:ui:0:40",
  label: "Ship",
  values: { $target: "production" },
  readings: {},
  sourceAt: "2026-12-01T10:00:01.000Z",
  older: false,
  at: "2026-12-01T10:00:05.000Z",
  queued: false,
  turnId: null,
});

describe("applyChatEvent", () => {
  it("ignores an event it already applied, so a replayed stream changes nothing", () => {
    const before = chat();
    expect(applyChatEvent(before, { type: "turn.ended", turnId: "t", status: "finished" }, 3)).toBe(
      before,
    );
    expect(
      applyChatEvent(before, { type: "turn.ended", turnId: "t", status: "finished" }, 4),
    ).toMatchObject({ running: false, lastEventSeq: 4 });
  });

  it("folds deltas, parts and a streaming block's fence into the streaming item", () => {
    let state = applyChatEvent(chat(), { type: "item.delta", itemId: "reply", text: "Hello " }, 4);
    state = applyChatEvent(state, { type: "item.delta", itemId: "reply", text: "there" }, 5);
    state = applyChatEvent(
      state,
      {
        type: "item.part",
        itemId: "reply",
        part: { kind: "block", blockId: "reply:ui:11", fence: "```ui\n<Sum" },
      },
      6,
    );
    state = applyChatEvent(
      state,
      { type: "item.fence", itemId: "reply", blockId: "reply:ui:11", text: "mary>Hi</Summary>\n" },
      7,
    );
    state = applyChatEvent(state, { type: "item.delta", itemId: "reply", text: "After" }, 8);
    expect(state.items[0]!.parts).toEqual([
      { kind: "text", text: "Hello there" },
      { kind: "block", blockId: "reply:ui:11", fence: "```ui\n<Summary>Hi</Summary>\n" },
      { kind: "text", text: "After" },
    ]);
    // Nothing is compiled on the wire: the page previews the block from its fence.
    expect(state.items[0]!.blocks).toEqual({});
  });

  it("ignores a compiled preview an earlier version logged, and a fence for a block it does not hold", () => {
    const streaming = applyChatEvent(
      chat(),
      {
        type: "item.part",
        itemId: "reply",
        part: { kind: "block", blockId: "reply:ui:0", fence: "```ui\n" },
      },
      4,
    );
    const block = compileUiBlock("<Summary>Hi</Summary>", { id: "reply:ui:0", final: false });
    const logged = chatEventSchema.parse({ type: "item.blocks", itemId: "reply", blocks: [block] });
    expect(logged).toEqual({ type: "item.blocks", itemId: "reply" });
    expect(applyChatEvent(streaming, logged, 5)).toEqual({ ...streaming, lastEventSeq: 5 });
    const elsewhere = applyChatEvent(
      streaming,
      { type: "item.fence", itemId: "reply", blockId: "reply:ui:9", text: "x" },
      5,
    );
    expect(elsewhere.items[0]).toBe(streaming.items[0]);
  });

  it("lands on the completed reply from any point of its stream, across the numbers its deleted deltas left", () => {
    const completed = item({
      status: "complete",
      revision: 1,
      parts: [{ kind: "text", text: "Hello there, all of it." }],
    });
    const live = [
      { type: "item.delta", itemId: "reply", text: "Hello " },
      { type: "item.delta", itemId: "reply", text: "there" },
    ] as const;
    // Followed live: both deltas, then the completion. Resumed later: the deltas are gone.
    const followed = live.reduce(
      (state, event, index) => applyChatEvent(state, event, 4 + index),
      chat(),
    );
    const resumedInside = applyChatEvent(chat(), live[0], 4);
    for (const from of [followed, resumedInside, chat()]) {
      const ended = applyChatEvent(
        applyChatEvent(from, { type: "item.completed", item: completed }, 9),
        { type: "turn.ended", turnId: "t", status: "finished" },
        10,
      );
      expect(ended).toEqual({ ...chat([completed]), running: false, lastEventSeq: 10 });
    }
  });

  it("keeps answers, selections and confirmations when a completed item replaces the streaming one", () => {
    const selection = {
      instanceId: "colour",
      choiceId: "blue",
      label: "Blue",
      at: "2026-12-01T10:00:02.000Z",
      queued: false,
      confirmationToken: "token",
    };
    const confirmation: ConfirmationView = {
      token: "token",
      instanceId: "colour",
      action: "paint",
      input: { colour: "blue" },
      toolCallId: "toolu_1",
      status: "pending",
      expiresAt: "2026-12-01T10:05:00.000Z",
      outcome: null,
    };
    const completed = item({
      status: "complete",
      revision: 1,
      uiAnswers: { "reply:ui:0": answer(1) },
      selections: { colour: selection },
      confirmations: { token: confirmation },
    });
    const streamed = applyChatEvent(
      chat(),
      { type: "item.delta", itemId: "reply", text: "Pick a colour" },
      4,
    );
    const state = applyChatEvent(streamed, { type: "item.completed", item: completed }, 5);
    expect(state.items[0]!.uiAnswers).toEqual({ "reply:ui:0": answer(1) });
    expect(state.items[0]!.selections).toEqual({ colour: selection });
    expect(state.items[0]!.confirmations).toEqual({ token: confirmation });
    expect(state.items[0]).toEqual(completed);
  });

  it("records an answer of the current revision and ignores one of an older revision", () => {
    const state = chat([item({ status: "complete", revision: 2 })]);
    expect(
      applyChatEvent(state, { type: "ui.answered", itemId: "reply", answer: answer(1) }, 4)
        .items[0]!.uiAnswers,
    ).toEqual({});
    expect(
      applyChatEvent(state, { type: "ui.answered", itemId: "reply", answer: answer(2) }, 4)
        .items[0]!.uiAnswers,
    ).toEqual({ "reply:ui:0": answer(2) });
  });

  it("draws an MCP App view answered, and the queued answer sent once it is", () => {
    const state = chat([item({ status: "complete", revision: 1 })]);
    const answer = { toolCallId: "call-1", text: "Pro", answeredAt: "2026-12-01T10:00:05.000Z" };
    const queued = applyChatEvent(
      state,
      { type: "mcp-app.answered", itemId: "reply", answer: { ...answer, queued: true } },
      4,
    );
    expect(queued.items[0]!.mcpAppAnswers).toEqual({ "call-1": { ...answer, queued: true } });
    const sent = applyChatEvent(
      queued,
      { type: "mcp-app.answered", itemId: "reply", answer: { ...answer, queued: false } },
      5,
    );
    expect(sent.items[0]!.mcpAppAnswers).toEqual({ "call-1": { ...answer, queued: false } });
    expect(sent.items[0]!.uiAnswers).toEqual({});
  });

  it("restarts a regenerated item with nothing drawn, and keeps items in position order", () => {
    const user = item({ id: "user", role: "user", position: 1, status: "complete" });
    const state = chat([
      item({ status: "complete", revision: 1, parts: [{ kind: "text", text: "old" }] }),
      user,
    ]);
    const restarted = applyChatEvent(
      state,
      { type: "item.restarted", item: item({ revision: 1 }) },
      4,
    );
    expect(restarted.items.map((entry) => entry.id)).toEqual(["user", "reply"]);
    expect(restarted.items[1]).toMatchObject({ status: "streaming", parts: [] });
  });
});

describe("what an event leaves alone", () => {
  const user = item({
    id: "user",
    role: "user",
    position: 1,
    status: "complete",
    parts: [{ kind: "text", text: "Hi" }],
  });
  const earlier = item({ id: "earlier", role: "assistant", position: 0, status: "complete" });

  it("keeps every item an event does not touch, so a page redraws only the one that changed", () => {
    const before = chat([user, item()]);
    const events: ChatEvent[] = [
      { type: "item.delta", itemId: "reply", text: "Hello" },
      { type: "item.part", itemId: "reply", part: { kind: "block", blockId: "reply:ui:0" } },
      { type: "item.parts", itemId: "reply", parts: [] },
      { type: "ui.answered", itemId: "reply", answer: answer(0) },
      { type: "item.completed", item: item({ status: "complete" }) },
      {
        type: "queue.added",
        queued: { id: "7", text: "next", createdAt: "2026-12-01T10:00:00.000Z" },
      },
    ];
    for (const [index, event] of events.entries()) {
      const after = applyChatEvent(before, event, 4 + index);
      expect(after.items[0], event.type).toBe(user);
    }
  });

  it("changes nothing but the sequence number for an event about an item the page does not hold", () => {
    const before = chat([user, item()]);
    const after = applyChatEvent(
      before,
      { type: "ui.answered", itemId: "not-loaded", answer: answer(0) },
      4,
    );
    expect(after.items).toBe(before.items);
    expect(after.lastEventSeq).toBe(4);
    expect(
      applyChatEvent(before, { type: "item.delta", itemId: "not-loaded", text: "x" }, 4).items,
    ).toBe(before.items);
  });

  it("does not draw an earlier item the page has not loaded alone above the ones it holds", () => {
    const windowed = { ...chat([user, item()]), hasEarlier: true };
    expect(
      applyChatEvent(windowed, { type: "item.completed", item: earlier }, 4).items.map(
        (entry) => entry.id,
      ),
    ).toEqual(["user", "reply"]);
    // A whole chat has no gap to leave: the item takes its place.
    expect(
      applyChatEvent(chat([user, item()]), { type: "item.completed", item: earlier }, 4).items.map(
        (entry) => entry.id,
      ),
    ).toEqual(["earlier", "user", "reply"]);
    // A new item always comes after the ones held.
    const next = item({ id: "next", position: 3 });
    expect(
      applyChatEvent(windowed, { type: "item.created", item: next }, 4).items.map(
        (entry) => entry.id,
      ),
    ).toEqual(["user", "reply", "next"]);
  });
});

describe("addEarlierItems", () => {
  const user = item({ id: "user", role: "user", position: 5, status: "complete" });
  const reply = item({ id: "reply", position: 6 });
  const older = item({
    id: "older",
    position: 4,
    status: "complete",
    revision: 1,
    parts: [{ kind: "text", text: "Pick one" }],
  });
  const oldest = item({ id: "oldest", role: "user", position: 3, status: "complete" });
  const held = () => ({ ...chat([user, reply]), hasEarlier: true, lastEventSeq: 20 });

  it("puts the page before the items held, keeps theirs as they were, and says whether more precede it", () => {
    const merged = addEarlierItems(held(), {
      items: [oldest, older],
      hasEarlier: false,
      lastEventSeq: 20,
    });
    expect(merged.items.map((entry) => entry.id)).toEqual(["oldest", "older", "user", "reply"]);
    expect(merged.items[2]).toBe(user);
    expect(merged).toMatchObject({ hasEarlier: false, lastEventSeq: 20 });
    expect(
      addEarlierItems(held(), { items: [older], hasEarlier: true, lastEventSeq: 20 }).hasEarlier,
    ).toBe(true);
  });

  it("never draws an item twice when the page overlaps the items held", () => {
    const merged = addEarlierItems(held(), {
      items: [older, { ...user, parts: [] }],
      hasEarlier: false,
      lastEventSeq: 20,
    });
    expect(merged.items.map((entry) => entry.id)).toEqual(["older", "user", "reply"]);
    expect(merged.items[1]).toBe(user);
  });

  it("folds in the events about the page's items that it was read before, and only those", () => {
    const answered = { ...answer(1), itemId: "older" };
    const missed = [
      {
        seq: 18,
        event: {
          type: "selection.recorded",
          itemId: "older",
          selection: {
            instanceId: "a",
            choiceId: "x",
            label: "X",
            at: "2026-12-01T10:00:02.000Z",
            queued: false,
            confirmationToken: null,
          },
        },
      },
      { seq: 21, event: { type: "ui.answered", itemId: "older", answer: answered } },
      { seq: 22, event: { type: "ui.answered", itemId: "elsewhere", answer: answered } },
    ] satisfies { seq: number; event: ChatEvent }[];
    const merged = addEarlierItems(
      { ...held(), lastEventSeq: 22 },
      { items: [older], hasEarlier: false, lastEventSeq: 19 },
      missed,
    );
    const loaded = merged.items.find((entry) => entry.id === "older")!;
    // The page read at 19 already holds what happened at 18; 21 came after it.
    expect(loaded.selections).toEqual({});
    expect(loaded.uiAnswers).toEqual({ "reply:ui:0": answered });
    expect(merged.lastEventSeq).toBe(22);
  });
});

describe("the chat itself", () => {
  it("takes a new title from chat.renamed", () => {
    expect(applyChatEvent(chat(), { type: "chat.renamed", title: "Launch plan" }, 4)).toMatchObject(
      { title: "Launch plan", lastEventSeq: 4 },
    );
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
    expect(
      diffParts(
        "r",
        [{ kind: "text", text: "He" }],
        [
          { kind: "text", text: "Hello" },
          { kind: "block", blockId: "r:ui:5" },
        ],
      ),
    ).toEqual([
      { type: "item.delta", itemId: "r", text: "llo" },
      { type: "item.part", itemId: "r", part: { kind: "block", blockId: "r:ui:5" } },
    ]);
  });

  it("sends the whole list again when an earlier part changed or parts went away", () => {
    const next = [
      { kind: "text" as const, text: "Before" },
      { kind: "block" as const, blockId: "r:ui:7" },
    ];
    expect(diffParts("r", [{ kind: "text", text: "Before\n```ui" }], next)).toEqual([
      { type: "item.parts", itemId: "r", parts: next },
    ]);
    expect(diffParts("r", next, next.slice(0, 1))).toEqual([
      { type: "item.parts", itemId: "r", parts: next.slice(0, 1) },
    ]);
  });

  it("sends what a streaming block's fence gained as its own append, wherever the block is", () => {
    const before = [
      { kind: "text" as const, text: "Hi\n" },
      { kind: "block" as const, blockId: "r:ui:3", fence: "```ui\n<Summary>A" },
    ];
    const after = [
      { kind: "text" as const, text: "Hi\n" },
      { kind: "block" as const, blockId: "r:ui:3", fence: "```ui\n<Summary>A</Summary>\n```\n" },
      { kind: "text" as const, text: "Done" },
    ];
    expect(diffParts("r", before, after)).toEqual([
      { type: "item.fence", itemId: "r", blockId: "r:ui:3", text: "</Summary>\n```\n" },
      { type: "item.delta", itemId: "r", text: "Done" },
    ]);
    // A fence that was not merely appended to, or a block that lost its fence, is sent whole.
    const rewritten = [before[0]!, { ...before[1]!, fence: "```ui\n<Callout" }];
    expect(diffParts("r", before, rewritten)).toEqual([
      { type: "item.parts", itemId: "r", parts: rewritten },
    ]);
    const ended = [before[0]!, { kind: "block" as const, blockId: "r:ui:3" }];
    expect(diffParts("r", before, ended)).toEqual([
      { type: "item.parts", itemId: "r", parts: ended },
    ]);
  });

  it("sends nothing when nothing changed", () => {
    expect(
      diffParts("r", [{ kind: "text", text: "same" }], [{ kind: "text", text: "same" }]),
    ).toEqual([]);
    expect(appendText([], "a")).toEqual([{ kind: "text", text: "a" }]);
  });
});

describe("edits and versions", () => {
  const version = {
    version: 1,
    revision: 1,
    status: "complete" as const,
    parts: [{ kind: "text" as const, text: "first" }],
    blocks: {},
    links: {},
    uiAnswers: {},
    readings: {},
    completedAt: null,
  };

  it("keeps a reply's versions through its restart, and takes the completed view's", () => {
    const held = chat([item({ status: "complete", revision: 1 })]);
    const kept = applyChatEvent(
      held,
      { type: "item.versions", itemId: "reply", versions: [version] },
      4,
    );
    const restarted = applyChatEvent(
      kept,
      { type: "item.restarted", item: item({ revision: 1 }) },
      5,
    );
    expect(restarted.items[0]).toMatchObject({ status: "streaming", versions: [version] });
    const completed = applyChatEvent(
      restarted,
      {
        type: "item.completed",
        item: item({
          status: "complete",
          revision: 2,
          versions: [version, { ...version, version: 2, revision: 2 }],
        }),
      },
      6,
    );
    expect(completed.items[0]!.versions).toHaveLength(2);
  });

  it("drops the edited message and every item after it", () => {
    const items = [1, 2, 3, 4].map((position) =>
      item({ id: `i${position}`, position, status: "complete" }),
    );
    const edited = applyChatEvent(chat(items), { type: "items.replaced", fromPosition: 3 }, 4);
    expect(edited.items.map((held) => held.id)).toEqual(["i1", "i2"]);
  });
});
