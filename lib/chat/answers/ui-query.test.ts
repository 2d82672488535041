import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { ciRuns, LIVE_SOURCES, liveSourceMap } from "@/lib/live-sources";
import { MAX_RESULT_BYTES } from "../readings/index";
import { behindRowLock } from "../../../scripts/test/contention";
import {
  heldRuns,
  liveBlockSource,
  liveChat,
  pickedText,
  replying,
  triage,
  withRuns,
} from "../../../scripts/test/ui-query-fixtures";
import { readUiQuery } from "./ui-query";

afterAll(async () => {
  await disconnectDb();
});

describe("live blocks", () => {
  it("freezes the first reading when the reply becomes final, and draws it and its fallback from it", async () => {
    const { reply, block } = await triage();
    const frozen = reply.readings[block.id]?.["$runs"];
    expect(frozen).toMatchObject({ state: "fresh", frozen: true, args: { branch: "main" } });
    expect(frozen!.readId).toEqual(expect.any(String));
    const issued = frozen!.value as ReturnType<typeof ciRuns>;
    expect(issued).toEqual(ciRuns("main", new Date(frozen!.readAt).getTime()));
    // The text the agent reads back is drawn with that reading, not from raw source.
    expect(block.fallback).toContain(
      `Summarise main for the team: ${issued.failing} of 4 jobs failing.`,
    );
    expect(block.fallback).toContain(
      JSON.stringify(ciRuns("main", new Date(frozen!.readAt).getTime()).runs),
    );
    // Only its last line names the query, with the source it read.
    const lines = block.fallback.split("\n");
    expect(lines.at(-1)).toBe("Sources: $runs: ci.runs");
    expect(lines.slice(0, -1).join("\n")).not.toContain("$runs");
  });

  it("issues a reading for the current inputs, answers the same arguments from a 10-second cache, and reads again after", async () => {
    const { read } = await triage();
    const now = Date.now();
    const first = await read({ $branch: "dev" }, { now: () => now });
    expect(first).toMatchObject({
      state: "fresh",
      frozen: false,
      args: { branch: "dev" },
      value: ciRuns("dev", now),
    });
    expect((await read({ $branch: "dev" }, { now: () => now + 9_000 })).readId).toBe(first.readId);
    const later = await read({ $branch: "dev" }, { now: () => now + 11_000 });
    expect(later.readId).not.toBe(first.readId);
    expect(later.value).toEqual(ciRuns("dev", now + 11_000));
  });

  it("refuses what a page could not have asked, and a stranger", async () => {
    const { read, chatId, itemId, blockId, visitorId } = await triage();
    await expect(read({ $branch: "nightly" })).rejects.toMatchObject({ code: "invalid_value" });
    await expect(read({ $runs: {} })).rejects.toMatchObject({ code: "refused_binding" });
    await expect(
      readUiQuery({ chatId, visitorId, itemId, blockId, revision: 1, query: "$nope", values: {} }),
    ).rejects.toMatchObject({ code: "query-undeclared" });
    await expect(
      readUiQuery({ chatId, visitorId, itemId, blockId, revision: 2, query: "$runs", values: {} }),
    ).rejects.toMatchObject({ code: "block-stale" });
    await expect(
      readUiQuery({
        chatId,
        visitorId: randomUUID(),
        itemId,
        blockId,
        revision: 1,
        query: "$runs",
        values: {},
      }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    await expect(read({}, { sources: liveSourceMap([]) })).rejects.toMatchObject({
      code: "source-unregistered",
    });
  });

  it("reads no more for an answered block: it keeps the readings its answer quoted", async () => {
    const { read, choose, frozen } = await triage();
    await expect(
      choose("Summarise for the team", {}, { $runs: frozen!.readId! }),
    ).resolves.toMatchObject({ status: "sent" });
    await expect(read({}, { now: later })).rejects.toMatchObject({ code: "block-answered" });
  });

  it("reports a source that throws, or answers in a shape it does not promise, as a failed reading with its reason", async () => {
    const { read } = await triage();
    const broken = withRuns(async () => {
      throw new Error("upstream down");
    });
    await expect(read({}, { sources: broken, now: later })).resolves.toMatchObject({
      state: "failed",
      readId: null,
      reason: { code: "read-failed" },
    });
    const odd = withRuns(async () => ({ branch: "main", failing: "many" }));
    await expect(read({}, { sources: odd, now: () => later() + 1_000 })).resolves.toMatchObject({
      state: "failed",
      reason: { code: "invalid-result" },
    });
  });

  describe("gives a read 8 s", () => {
    // The read's time limit is the signal `AbortSignal.timeout` makes; the test fires it, so no test waits 8 s.
    let limit: AbortController;
    let asked: number[];
    afterEach(() => vi.restoreAllMocks());
    function controlTheClock() {
      limit = new AbortController();
      asked = [];
      vi.spyOn(AbortSignal, "timeout").mockImplementationOnce(
        (ms) => (asked.push(ms), limit.signal),
      );
    }
    const expire = () => limit.abort(new DOMException("The read took too long.", "TimeoutError"));

    it("by default, then a source that heeds its signal is failed with timed-out", async () => {
      const { read } = await triage();
      controlTheClock();
      let reached: () => void = () => {};
      const atSource = new Promise<void>((resolve) => (reached = resolve));
      const heeding = withRuns(
        (_args, signal) =>
          new Promise(
            (_, reject) => (
              reached(),
              signal.addEventListener("abort", () => reject(signal.reason))
            ),
          ),
      );
      const reading = read({}, { sources: heeding, now: later });
      await atSource;
      expect(asked).toEqual([8_000]);
      expire();
      await expect(reading).resolves.toMatchObject({
        state: "failed",
        readId: null,
        reason: { code: "timed-out", message: "The source did not answer within 8 s." },
      });
    });

    it("and a source that ignores its signal and never answers is failed all the same", async () => {
      const { read } = await triage();
      controlTheClock();
      let reached: () => void = () => {};
      const atSource = new Promise<void>((resolve) => (reached = resolve));
      const deaf = withRuns(() => (reached(), new Promise(() => {})));
      const reading = read({}, { sources: deaf, now: later });
      await atSource;
      expire();
      await expect(reading).resolves.toMatchObject({
        state: "failed",
        reason: { code: "timed-out" },
      });
    });
  });

  it("issues a result of exactly 64 KB of JSON, and refuses one byte more, counted in UTF-8 bytes", async () => {
    const { read } = await triage();
    await expect(read({}, { sources: sized(MAX_RESULT_BYTES), now: later })).resolves.toMatchObject(
      { state: "fresh", value: { failedJobs: [expect.any(String)] } },
    );
    await expect(
      read({}, { sources: sized(MAX_RESULT_BYTES + 1), now: () => later() + 20_000 }),
    ).resolves.toMatchObject({
      state: "failed",
      reason: { code: "result-too-large" },
    });
    // Fewer characters than the limit, but two bytes each: over it.
    await expect(
      read({}, { sources: sized(MAX_RESULT_BYTES + 2, "é"), now: () => later() + 40_000 }),
    ).resolves.toMatchObject({
      state: "failed",
      reason: { code: "result-too-large" },
    });
  });

  it("records a reading the source refuses to this visitor as refused", async () => {
    const { read } = await triage();
    const privateRuns = liveSourceMap([
      { ...LIVE_SOURCES.get("ci.runs")!, authorize: () => false },
    ]);
    await expect(
      read({}, { sources: privateRuns, now: () => Date.now() + 20_000 }),
    ).resolves.toMatchObject({
      state: "refused",
      readId: null,
      reason: { code: "not-authorized" },
    });
  });

  it("lets a visitor have two reads in flight per chat: of three that claim a slot at once, one is busy", async () => {
    const { blocks } = await liveChat(
      ["Three live blocks"],
      replying([0, 1, 2].map(() => liveBlockSource()).join("\n\n")),
    );
    const itemId = blocks[0]!.itemId;
    const held = heldRuns(() => ciRuns("main", 0));
    // Each claim's insert waits for the reply's row, so all three count the reads in flight before
    // any has stored its own: only the advisory lock around count and insert keeps the third out.
    const reads: Promise<unknown>[] = [];
    const race = behindRowLock(
      "Item",
      itemId,
      blocks.map((block) => () => {
        reads.push(block.read({ $branch: "dev" }, { sources: held.sources }));
        return reads.at(-1)!;
      }),
    );
    await held.started(2);
    // While two reads are held at the source, the third has already been turned away.
    await expect(Promise.race(reads)).rejects.toMatchObject({ code: "busy" });
    expect(await db().uiReading.count({ where: { itemId, state: "pending" } })).toBe(2);
    held.release();
    const results = await race;
    expect(results.filter((result) => result.status === "rejected")).toEqual([
      {
        status: "rejected",
        reason: expect.objectContaining({ code: "busy", retryAfterSeconds: 1 }),
      },
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toEqual([
      { status: "fulfilled", value: expect.objectContaining({ state: "fresh" }) },
      { status: "fulfilled", value: expect.objectContaining({ state: "fresh" }) },
    ]);
    expect(await db().uiReading.count({ where: { itemId, frozen: false } })).toBe(2);
  });
});

describe("a choice on a live block", () => {
  it("rests on the frozen reading while the inputs are the defaults, and its context quotes the issued data", async () => {
    const { reply, block, choose, itemId, blockId } = await triage();
    const frozen = reply.readings[block.id]!["$runs"]!;
    const issued = frozen.value as ReturnType<typeof ciRuns>;
    await expect(
      choose("Summarise for the team", {}, { $runs: frozen.readId! }),
    ).resolves.toMatchObject({ status: "sent" });
    expect(await pickedText({ itemId, blockId })).toBe(
      `Summarise main for the team: ${issued.failing} of 4 jobs failing.`,
    );
  });

  it("refuses reads that do not prove the values on screen: missing, forged, for other arguments, of another block, expired", async () => {
    const { reply, block, read, choose } = await triage();
    const other = await triage();
    const frozen = reply.readings[block.id]!["$runs"]!.readId!;
    const dev = (await read({ $branch: "dev" })).readId!;
    const stale = { code: "stale-ui-query", reason: "stale-read" };
    const summarise = (values: Record<string, unknown>, reads: Record<string, string>) =>
      choose("Summarise for the team", values, reads);
    await expect(summarise({}, {})).rejects.toMatchObject(stale);
    await expect(summarise({}, { $runs: randomUUID() })).rejects.toMatchObject(stale);
    // The branch switched: the main reading does not prove what dev shows, nor the dev one main.
    await expect(summarise({ $branch: "dev" }, { $runs: frozen })).rejects.toMatchObject(stale);
    await expect(summarise({}, { $runs: dev })).rejects.toMatchObject(stale);
    await expect(
      summarise({}, { $runs: other.reply.readings[other.block.id]!["$runs"]!.readId! }),
    ).rejects.toMatchObject(stale);
    await db().uiReading.update({
      where: { id: dev },
      data: { readAt: new Date(Date.now() - 61_000) },
    });
    await expect(summarise({ $branch: "dev" }, { $runs: dev })).rejects.toMatchObject(stale);
    expect(await db().uiAnswer.count({ where: { itemId: reply.id } })).toBe(0);
  });

  it("resolves with the values the server issued for the switched branch", async () => {
    const { read, choose, itemId, blockId } = await triage();
    const reading = await read({ $branch: "dev" });
    const issued = reading.value as ReturnType<typeof ciRuns>;
    await expect(
      choose("Summarise for the team", { $branch: "dev" }, { $runs: reading.readId! }),
    ).resolves.toMatchObject({
      answer: { label: "Summarise for the team", values: { $branch: "dev" } },
    });
    expect(await pickedText({ itemId, blockId })).toBe(
      `Summarise dev for the team: ${issued.failing} of 4 jobs failing.`,
    );
  });
});

// Past the 10-second cache of the frozen reading, so each read reaches the source.
const later = () => Date.now() + 20_000;

/** `ci.runs` answering a result whose JSON is exactly `bytes` long, padded with `char`. */
function sized(bytes: number, char = "x") {
  const result = { branch: "main", window: 0, failing: 1, failedJobs: [""], runs: [] };
  const room = bytes - Buffer.byteLength(JSON.stringify(result));
  const width = Buffer.byteLength(char);
  result.failedJobs = [char.repeat(Math.floor(room / width)) + "x".repeat(room % width)];
  return withRuns(async () => result);
}
