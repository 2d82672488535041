import { describe, expect, it } from "vitest";
import { readStreamMessage, reconnectDelay } from "./stream-message";

const delta = JSON.stringify({ type: "item.delta", itemId: "reply", text: "on" });

describe("a message of the chat's event stream", () => {
  it("is applied after a gap: a finished reply's streamed events are deleted from the log", () => {
    expect(readStreamMessage(10, { lastEventId: "14", data: delta })).toEqual({
      kind: "event",
      seq: 14,
      event: { type: "item.delta", itemId: "reply", text: "on" },
    });
  });

  it("is a repeat at or before the last event applied, or without a usable id", () => {
    expect(readStreamMessage(10, { lastEventId: "10", data: delta })).toEqual({ kind: "repeat" });
    expect(readStreamMessage(10, { lastEventId: "9", data: delta })).toEqual({ kind: "repeat" });
    expect(readStreamMessage(10, { lastEventId: "", data: delta })).toEqual({ kind: "repeat" });
    expect(readStreamMessage(10, { lastEventId: "11.5", data: delta })).toEqual({ kind: "repeat" });
  });

  it("asks for a reload when its data is not an event the page knows", () => {
    expect(readStreamMessage(10, { lastEventId: "11", data: "{not json" })).toEqual({
      kind: "unreadable",
    });
    expect(
      readStreamMessage(10, { lastEventId: "11", data: JSON.stringify({ type: "item.unknown" }) }),
    ).toEqual({ kind: "unreadable" });
  });
});

describe("reconnecting after the stream gave up", () => {
  it("waits 1 s, then twice as long each time, never more than 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
