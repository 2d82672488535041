import { describe, expect, it } from "vitest";
import type { ReadingView } from "@/lib/chat/wire";
import { liveQueryState, uiLiveChoiceReason, type LiveQuery } from "./live-choice-reason";

describe("uiLiveChoiceReason", () => {
  it("opens choices only when every query has a reading for the current inputs", () => {
    expect(uiLiveChoiceReason([])).toBeNull();
    expect(uiLiveChoiceReason(["ready", "ready"])).toBeNull();
  });

  it("says why they are closed, a read in flight first, then a change not yet read, then a failure", () => {
    expect(uiLiveChoiceReason(["ready", "reading", "unread"])).toMatch(/^Reading live data/);
    expect(uiLiveChoiceReason(["failed", "unread"])).toMatch(/^Your change is being read/);
    expect(uiLiveChoiceReason(["ready", "failed"])).toMatch(/could not be read/);
  });
});

const main = { branch: "main" };
const dev = { branch: "dev" };

function fresh(readId: string, args: Record<string, string>): ReadingView {
  return {
    readId,
    query: "$runs",
    state: "fresh",
    args,
    value: { failing: 1 },
    readAt: "2026-12-01T10:00:00.000Z",
    reason: null,
    frozen: false,
  };
}

function failed(args: Record<string, string>): ReadingView {
  return {
    readId: null,
    query: "$runs",
    state: "failed",
    args,
    value: null,
    readAt: "2026-12-01T10:00:10.000Z",
    reason: { code: "timed-out", message: "The source did not answer within 8 s." },
    frozen: false,
  };
}

const query = (overrides: Partial<LiveQuery>): LiveQuery => ({
  good: null,
  last: null,
  inFlight: false,
  refused: null,
  ...overrides,
});

describe("liveQueryState", () => {
  it("is reading while a read is in flight, whatever is on screen", () => {
    expect(
      liveQueryState(
        query({ good: fresh("r1", main), last: fresh("r1", main), inFlight: true }),
        main,
      ),
    ).toBe("reading");
  });

  it("is ready on a reading issued for the current arguments", () => {
    expect(liveQueryState(query({ good: fresh("r1", main), last: fresh("r1", main) }), main)).toBe(
      "ready",
    );
  });

  it("stays ready when a later read for the same arguments failed: the good reading stays on screen, muted, and the server still accepts it", () => {
    expect(liveQueryState(query({ good: fresh("r1", main), last: failed(main) }), main)).toBe(
      "ready",
    );
  });

  it("is unread after the inputs changed the arguments, until a read of them finishes", () => {
    expect(liveQueryState(query({ good: fresh("r1", main), last: fresh("r1", main) }), dev)).toBe(
      "unread",
    );
    expect(liveQueryState(undefined, main)).toBe("unread");
  });

  it("is failed when the read for the changed arguments failed: the value on screen is another's", () => {
    expect(liveQueryState(query({ good: fresh("r1", main), last: failed(dev) }), dev)).toBe(
      "failed",
    );
  });

  it("is failed once the server refused the reading on screen as stale, until a new one arrives", () => {
    expect(
      liveQueryState(
        query({ good: fresh("r1", main), last: fresh("r1", main), refused: "r1" }),
        main,
      ),
    ).toBe("failed");
    expect(
      liveQueryState(query({ good: fresh("r1", main), last: failed(main), refused: "r1" }), main),
    ).toBe("failed");
    expect(
      liveQueryState(
        query({ good: fresh("r2", main), last: fresh("r2", main), refused: "r1" }),
        main,
      ),
    ).toBe("ready");
  });
});
