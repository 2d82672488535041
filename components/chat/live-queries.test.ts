import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/chat/wire/client-api";
import type { ReadingView } from "@/lib/chat/wire";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import {
  changedQueries,
  goodReadings,
  markRefused,
  mergeReadings,
  pacedFor,
  settleRead,
} from "./live-queries";

function reading(
  readId: string | null,
  branch: string,
  state: ReadingView["state"] = "fresh",
): ReadingView {
  const fresh = state === "fresh";
  return {
    readId,
    query: "$runs",
    state,
    args: { branch },
    value: fresh ? { failing: 1 } : null,
    readAt: "2026-12-01T10:00:00.000Z",
    reason: fresh ? null : { code: "timed-out", message: "Late." },
    frozen: false,
  };
}

describe("the readings a page holds", () => {
  it("start from the frozen first reading: its value when fresh, only its state when not", () => {
    const held = mergeReadings(
      ["$runs", "$deploys"],
      {},
      { $runs: reading("frozen", "main"), $deploys: reading(null, "main", "failed") },
    );
    expect(held.$runs).toEqual({
      good: reading("frozen", "main"),
      last: reading("frozen", "main"),
      inFlight: false,
      refused: null,
    });
    expect(held.$deploys).toEqual({
      good: null,
      last: reading(null, "main", "failed"),
      inFlight: false,
      refused: null,
    });
  });

  it("show the page's own read over the frozen one once it has one", () => {
    const held = mergeReadings(
      ["$runs"],
      { $runs: { good: reading("r2", "dev"), last: reading("r2", "dev"), inFlight: true } },
      { $runs: reading("frozen", "main") },
    );
    expect(held.$runs).toMatchObject({ good: { readId: "r2" }, inFlight: true });
  });

  it("a fresh read replaces the good one and forgets a stale refusal; a failed one keeps the good one on screen", () => {
    const before = {
      good: reading("r1", "main"),
      last: reading("r1", "main"),
      inFlight: true,
      refused: "r1",
    };
    expect(settleRead(before, reading("r1", "main"))).toEqual({
      good: reading("r1", "main"),
      last: reading("r1", "main"),
      inFlight: false,
      refused: null,
    });
    expect(settleRead(before, reading(null, "main", "failed"))).toEqual({
      good: reading("r1", "main"),
      last: reading(null, "main", "failed"),
      inFlight: false,
      refused: "r1",
    });
    // A refused request brings no reading: the last one stays as it was.
    expect(settleRead(before, null)).toEqual({ ...before, inFlight: false });
  });

  it("after a stale refusal, mark the read ids a choice presented as refused, and no other", () => {
    const own = { $runs: { good: reading("r1", "main"), inFlight: false } };
    expect(markRefused(own, ["$runs", "$deploys"], { $runs: "r1" })).toEqual({
      $runs: { ...own.$runs, refused: "r1" },
      $deploys: { refused: null },
    });
  });

  it("load each good value into the block, with the read id a choice presents", () => {
    const held = mergeReadings(
      ["$runs", "$deploys"],
      {},
      { $runs: reading("r1", "main"), $deploys: reading(null, "main", "failed") },
    );
    expect(goodReadings(["$runs", "$deploys"], held)).toEqual({
      values: { $runs: { failing: 1 } },
      reads: { $runs: "r1" },
    });
  });
});

describe("a changed input", () => {
  const block = compileUiBlock(
    `$branch = "main"\n$runs = @Query("ci.runs", {branch: $branch})\n<Summary>{$runs.failing}</Summary>\n<Segmented value={$branch}><Option value="main">main</Option><Option value="dev">dev</Option></Segmented>`,
    {
      id: "live",
      final: true,
      querySchemas: querySchemasOf(LIVE_SOURCES),
      limits: { milliseconds: 10_000 },
    },
  );

  it("is read when it changes a query's arguments from those of the reading on screen, or none is on screen", () => {
    const held = mergeReadings(["$runs"], {}, { $runs: reading("r1", "main") });
    expect(changedQueries(block, ["$runs"], { $branch: "main" }, held)).toEqual([]);
    expect(changedQueries(block, ["$runs"], { $branch: "dev" }, held)).toEqual(["$runs"]);
    expect(
      changedQueries(block, ["$runs"], { $branch: "main" }, mergeReadings(["$runs"], {}, {})),
    ).toEqual(["$runs"]);
  });

  it("is not read while the inputs are ones the block does not offer", () => {
    expect(
      changedQueries(block, ["$runs"], { $branch: "nightly" }, mergeReadings(["$runs"], {}, {})),
    ).toEqual([]);
  });
});

describe("a paced read", () => {
  it("waits as long as the refusal's body says, else its Retry-After, and any other refusal is not paced", () => {
    expect(
      pacedFor(
        new ApiError("refresh-limit", "Slow down.", 429, undefined, { retryAfterMs: 180 }, 2),
      ),
    ).toBe(180);
    expect(pacedFor(new ApiError("refresh-limit", "Slow down.", 429, undefined, {}, 2))).toBe(
      2_000,
    );
    expect(pacedFor(new ApiError("busy", "Busy.", 503, undefined, {}, 2))).toBeNull();
    expect(pacedFor(new Error("offline"))).toBeNull();
  });
});
