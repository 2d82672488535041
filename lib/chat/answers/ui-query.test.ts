import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { choiceIdByLabel } from "@/lib/intelligent-ui/fixtures";
import { ciRuns, LIVE_SOURCES, liveSourceMap } from "@/lib/live-sources";
import { createChat, loadChatView } from "../chats";
import { driveChat } from "../turns/run";
import type { ItemView } from "../wire";
import { answerUiChoice } from "./ui-choice";
import { readUiQuery } from "./ui-query";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });

/** A chat whose reply is the build triage: a live block of `ci.runs` on a branch. */
async function triage() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Triage the failing build" });
  await driveChat(chatId, instant);
  const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
  const block = Object.values(reply.blocks)[0]!;
  const target = { chatId, visitorId, itemId: reply.id, blockId: block.id, revision: reply.revision };
  const read = (values: Record<string, unknown>, options?: Parameters<typeof readUiQuery>[1]) => readUiQuery({ ...target, query: "$runs", values }, options);
  const choose = (label: string, values: Record<string, unknown>, reads: Record<string, string>) =>
    answerUiChoice({ ...target, choiceId: choiceIdOf(reply, label), values, reads });
  return { ...target, reply, block, read, choose };
}

function choiceIdOf(reply: ItemView, label: string): string {
  return choiceIdByLabel(Object.values(reply.blocks)[0]!.nodes, label);
}

/** A registry where `ci.runs` is replaced by a source under the test's control. */
function withRuns(read: (signal: AbortSignal) => Promise<unknown>) {
  const base = LIVE_SOURCES.get("ci.runs")!;
  return liveSourceMap([{ ...base, read: (_args, { signal }) => read(signal) as Promise<never> }]);
}

describe("live blocks", () => {
  it("freezes the first reading when the reply becomes final, and draws it and its fallback from it", async () => {
    const { reply, block } = await triage();
    const frozen = reply.readings[block.id]?.["$runs"];
    expect(frozen).toMatchObject({ state: "fresh", frozen: true, args: { branch: "main" } });
    expect(frozen!.readId).toEqual(expect.any(String));
    const issued = frozen!.value as ReturnType<typeof ciRuns>;
    expect(issued).toEqual(ciRuns("main", new Date(frozen!.readAt).getTime()));
    // The text the agent reads back is drawn with that reading, not from raw source.
    expect(block.fallback).toContain(`Build triage: summarise main: ${issued.failing} of 4 jobs failing`);
    expect(block.fallback).toContain(JSON.stringify(ciRuns("main", new Date(frozen!.readAt).getTime()).runs));
    expect(block.fallback).not.toContain("$runs");
  });

  it("issues a reading for the current inputs, answers the same arguments from a 10-second cache, and reads again after", async () => {
    const { read } = await triage();
    const now = Date.now();
    const first = await read({ $branch: "dev" }, { now: () => now });
    expect(first).toMatchObject({ state: "fresh", frozen: false, args: { branch: "dev" }, value: ciRuns("dev", now) });
    expect((await read({ $branch: "dev" }, { now: () => now + 9_000 })).readId).toBe(first.readId);
    const later = await read({ $branch: "dev" }, { now: () => now + 11_000 });
    expect(later.readId).not.toBe(first.readId);
    expect(later.value).toEqual(ciRuns("dev", now + 11_000));
  });

  it("refuses what a page could not have asked, and a stranger", async () => {
    const { read, chatId, itemId, blockId, visitorId } = await triage();
    await expect(read({ $branch: "nightly" })).rejects.toMatchObject({ code: "invalid_value" });
    await expect(read({ $runs: {} })).rejects.toMatchObject({ code: "refused_binding" });
    await expect(readUiQuery({ chatId, visitorId, itemId, blockId, revision: 1, query: "$nope", values: {} })).rejects.toMatchObject({ code: "query-undeclared" });
    await expect(readUiQuery({ chatId, visitorId, itemId, blockId, revision: 2, query: "$runs", values: {} })).rejects.toMatchObject({ code: "block-stale" });
    await expect(readUiQuery({ chatId, visitorId: randomUUID(), itemId, blockId, revision: 1, query: "$runs", values: {} })).rejects.toMatchObject({ code: "chat-not-found" });
    await expect(read({}, { sources: liveSourceMap([]) })).rejects.toMatchObject({ code: "source-unregistered" });
  });

  it("reports a source that hangs, throws, or answers too much as a failed reading with its reason", async () => {
    const { read } = await triage();
    // Past the 10-second cache of the frozen reading, so each read reaches the source.
    const later = () => Date.now() + 20_000;
    const hang = withRuns((signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))));
    await expect(read({}, { sources: hang, timeoutMs: 50, now: later })).resolves.toMatchObject({ state: "failed", readId: null, reason: { code: "timed-out" } });
    const broken = withRuns(async () => {
      throw new Error("upstream down");
    });
    await expect(read({}, { sources: broken, now: later })).resolves.toMatchObject({ state: "failed", reason: { code: "read-failed" } });
    const huge = withRuns(async () => ({ ...ciRuns("main", 0), runs: Array.from({ length: 2_000 }, (_, index) => ({ job: `job-${index}-${"x".repeat(40)}`, status: "passed", ms: 1 })) }));
    await expect(read({}, { sources: huge, now: later })).resolves.toMatchObject({ state: "failed", reason: { code: "result-too-large" } });
  });

  it("records a reading the source refuses to this visitor as refused", async () => {
    const { read } = await triage();
    const privateRuns = liveSourceMap([{ ...LIVE_SOURCES.get("ci.runs")!, authorize: () => false }]);
    await expect(read({}, { sources: privateRuns, now: () => Date.now() + 20_000 })).resolves.toMatchObject({ state: "refused", readId: null, reason: { code: "not-authorized" } });
  });

  it("lets a visitor have two reads in flight per chat; a third is busy", async () => {
    const { read, itemId } = await triage();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = withRuns(async () => {
      await gate;
      return ciRuns("main", 0);
    });
    const first = read({ $branch: "dev" }, { sources: slow });
    const second = read({ $branch: "release" }, { sources: slow });
    await expect.poll(() => db().uiReading.count({ where: { state: "pending", itemId } })).toBe(2);
    await expect(read({ $branch: "dev" }, { sources: slow })).rejects.toMatchObject({ code: "busy", retryAfterSeconds: 1 });
    release();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });
});

describe("a choice on a live block", () => {
  it("rests on the frozen reading while the inputs are the defaults, and its context quotes the issued data", async () => {
    const { reply, block, choose, chatId, visitorId } = await triage();
    const frozen = reply.readings[block.id]!["$runs"]!;
    const issued = frozen.value as ReturnType<typeof ciRuns>;
    await expect(choose("Summarise for the team", {}, { $runs: frozen.readId! })).resolves.toMatchObject({ status: "sent" });
    expect(await sentText(visitorId, chatId)).toBe(`Build triage: summarise main: ${issued.failing} of 4 jobs failing`);
  });

  it("refuses reads that do not prove the values on screen: missing, forged, for other arguments, of another block, expired", async () => {
    const { reply, block, read, choose } = await triage();
    const other = await triage();
    const frozen = reply.readings[block.id]!["$runs"]!.readId!;
    const dev = (await read({ $branch: "dev" })).readId!;
    const stale = { code: "stale-ui-query", reason: "stale-read" };
    const summarise = (values: Record<string, unknown>, reads: Record<string, string>) => choose("Summarise for the team", values, reads);
    await expect(summarise({}, {})).rejects.toMatchObject(stale);
    await expect(summarise({}, { $runs: randomUUID() })).rejects.toMatchObject(stale);
    // The branch switched: the main reading does not prove what dev shows, nor the dev one main.
    await expect(summarise({ $branch: "dev" }, { $runs: frozen })).rejects.toMatchObject(stale);
    await expect(summarise({}, { $runs: dev })).rejects.toMatchObject(stale);
    await expect(summarise({}, { $runs: other.reply.readings[other.block.id]!["$runs"]!.readId! })).rejects.toMatchObject(stale);
    await db().uiReading.update({ where: { id: dev }, data: { readAt: new Date(Date.now() - 61_000) } });
    await expect(summarise({ $branch: "dev" }, { $runs: dev })).rejects.toMatchObject(stale);
    expect(await db().uiAnswer.count({ where: { itemId: reply.id } })).toBe(0);
  });

  it("never lets a choice racing new readings through on values that were not issued for its inputs", async () => {
    const { reply, block, read, choose, itemId } = await triage();
    const frozen = reply.readings[block.id]!["$runs"]!.readId!;
    const results = await Promise.allSettled([
      ...["dev", "release", "dev", "release"].map((branch, index) => read({ $branch: branch }, { now: () => Date.now() + index * 10_000 })),
      ...Array.from({ length: 6 }, () => choose("Summarise for the team", { $branch: "dev" }, { $runs: frozen })),
    ]);
    const refused = results.slice(4);
    for (const result of refused) expect(result).toMatchObject({ status: "rejected", reason: { code: "stale-ui-query" } });
    expect(await db().uiAnswer.count({ where: { itemId } })).toBe(0);
  });

  it("resolves with the values the server issued for the switched branch", async () => {
    const { read, choose, chatId, visitorId } = await triage();
    const reading = await read({ $branch: "dev" });
    const issued = reading.value as ReturnType<typeof ciRuns>;
    await expect(choose("Summarise for the team", { $branch: "dev" }, { $runs: reading.readId! })).resolves.toMatchObject({
      answer: { label: "Summarise for the team", values: { $branch: "dev" } },
    });
    expect(await sentText(visitorId, chatId)).toBe(`Build triage: summarise dev: ${issued.failing} of 4 jobs failing`);
  });
});

/** The text of the message a pick sent. */
async function sentText(visitorId: string, chatId: string): Promise<string> {
  const chat = await loadChatView({ visitorId, chatId });
  const sent = chat.items.find((item) => item.origin?.kind === "uiChoice");
  return sent?.parts.map((part) => (part.kind === "text" ? part.text : "")).join("") ?? "";
}
