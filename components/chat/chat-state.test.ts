import { describe, expect, it } from "vitest";
import type { UiAnswerView } from "@/lib/chat/wire";
import { buildChatView, buildItemView } from "@/scripts/test/wire-fixtures";
import { type ChatState, reduceChat } from "./chat-state";

const item = (id: string, position: number) =>
  buildItemView({ id, position, parts: [{ kind: "text", text: id }] });

const answer = (itemId: string): UiAnswerView => ({
  itemId,
  blockId: `${itemId}:ui:0`,
  revision: 1,
  choiceId: `${itemId}:ui:0:9`,
  label: "Ship",
  values: {},
  readings: {},
  sourceAt: "2026-12-01T10:00:01.000Z",
  older: true,
  at: "2026-12-01T10:05:00.000Z",
  queued: false,
  turnId: null,
});

const chat = buildChatView([item("latest", 40)], { hasEarlier: true, lastEventSeq: 100 });
const start: ChatState = { chat, missed: null };

describe("a page that holds the latest items only", () => {
  it("ignores events about items it does not hold while nothing earlier is being loaded", () => {
    const state = reduceChat(start, {
      type: "event",
      seq: 101,
      event: { type: "ui.answered", itemId: "old", answer: answer("old") },
    });
    expect(state).toEqual({ chat: { ...chat, lastEventSeq: 101 }, missed: null });
  });

  it("gives an earlier page the answers given while it was read, so its blocks draw closed", () => {
    let state = reduceChat(start, { type: "earlier-requested" });
    // Answered in another tab after the server read the page, before the page arrived here.
    state = reduceChat(state, {
      type: "event",
      seq: 101,
      event: { type: "ui.answered", itemId: "old", answer: answer("old") },
    });
    state = reduceChat(state, {
      type: "event",
      seq: 102,
      event: { type: "item.delta", itemId: "latest", text: "!" },
    });
    expect(state.missed?.map((entry) => entry.seq)).toEqual([101]);
    state = reduceChat(state, {
      type: "earlier-loaded",
      page: { items: [item("old", 39)], hasEarlier: false, lastEventSeq: 100 },
    });
    expect(state.chat.items.map((entry) => entry.id)).toEqual(["old", "latest"]);
    expect(state.chat.items[0]!.uiAnswers).toEqual({ "old:ui:0": answer("old") });
    expect(state.chat.items[1]!.parts).toEqual([{ kind: "text", text: "latest!" }]);
    expect(state).toMatchObject({ missed: null, chat: { hasEarlier: false, lastEventSeq: 102 } });
  });

  it("stops keeping events once a page failed to load", () => {
    const state = reduceChat(reduceChat(start, { type: "earlier-requested" }), {
      type: "earlier-failed",
    });
    expect(state.missed).toBeNull();
  });

  it("takes a reading of the chat only when it is not older than what the stream brought", () => {
    const older = { ...chat, title: "Old", lastEventSeq: 99 };
    expect(reduceChat(start, { type: "reset", chat: older })).toBe(start);
    expect(
      reduceChat(start, { type: "reset", chat: { ...older, lastEventSeq: 100 } }).chat.title,
    ).toBe("Old");
  });
});
