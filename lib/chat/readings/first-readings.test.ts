import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { compileStoredUi, type UiBlock } from "@/lib/intelligent-ui";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { disconnectDb } from "@/lib/db/client";
import { liveBlockSource } from "../../../scripts/test/ui-query-fixtures";
import {
  MAX_BLOCKS_READ_PER_REPLY,
  MAX_QUERIES_READ_PER_BLOCK,
  takeFirstReadings,
} from "./first-readings";
import { QUERY_SCHEMAS } from "@/lib/live-sources";

afterAll(async () => {
  await disconnectDb();
});

const compile = (source: string) =>
  compileStoredUi(source, { id: "item", querySchemas: QUERY_SCHEMAS })[0]!;

// The language compiles at most 8 queries a block and 16 blocks a reply; blocks stored by a
// laxer compiler (or a changed limit) are bounded again where they are read.
describe("a reply's first readings", () => {
  it("read a block's first 8 queries and mark a ninth not-read, with a line in its fallback", async () => {
    const eight = compile(liveBlockSource({ extra: 7 }));
    expect(Object.keys(eight.queries)).toHaveLength(MAX_QUERIES_READ_PER_BLOCK);
    const ninth = { ...eight.queries.more0!, name: "more8" };
    const block: UiBlock = { ...eight, queries: { ...eight.queries, more8: ninth } };
    const { readings, fallbacks } = await takeFirstReadings([block], LIVE_SOURCES, {
      visitorId: randomUUID(),
      chatId: randomUUID(),
    });
    expect(readings.filter((reading) => reading.outcome.state === "fresh")).toHaveLength(8);
    expect(readings.find((reading) => reading.query === "$more8")?.outcome).toMatchObject({
      state: "failed",
      reason: { code: "not-read" },
    });
    expect(fallbacks[block.id]!.split("\n").at(-1)).toBe("$more8 failed: not-read");
  });

  it("read the first 16 live blocks and mark the queries of the others not-read", async () => {
    const one = compile(liveBlockSource());
    const blocks = Array.from({ length: MAX_BLOCKS_READ_PER_REPLY + 1 }, (_, index): UiBlock => ({
      ...one,
      id: `item:ui:${index}`,
    }));
    const { readings } = await takeFirstReadings(blocks, LIVE_SOURCES, {
      visitorId: randomUUID(),
      chatId: randomUUID(),
    });
    expect(readings.slice(0, 16).every((reading) => reading.outcome.state === "fresh")).toBe(true);
    expect(readings[16]).toMatchObject({
      blockId: "item:ui:16",
      outcome: { state: "failed", reason: { code: "not-read" } },
    });
  });
});
