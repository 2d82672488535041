import "server-only";
import { randomUUID } from "node:crypto";
import { copyUiValue, evaluateStoredUiBlock, isUiFailure, storedUiQueryArguments, UiState, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import type { LiveSource, LiveSources, ReadContext } from "@/lib/live-sources";
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { readingViewSchema, type ReadingView } from "./wire";

/** Reads give up after this long: the reading is `failed` with `timed-out`. */
export const READ_TIMEOUT_MS = 8_000;
/** A result larger than this (as JSON) is refused: `failed` with `result-too-large`. */
export const MAX_RESULT_BYTES = 64 * 1024;

// A result is copied into block values bounded by its size alone, not by a block's evaluation
// budget (16 K characters a string, 2,000 items): anything within the size limit is issued whole.
const COPY_LIMITS = { stringLength: MAX_RESULT_BYTES, iterations: MAX_RESULT_BYTES, steps: 4 * MAX_RESULT_BYTES, milliseconds: READ_TIMEOUT_MS };

export type ReadOutcome =
  | { state: "fresh"; value: UiValue }
  | { state: "failed" | "refused"; reason: { code: string; message: string } };

const failed = (code: string, message: string): ReadOutcome => ({ state: "failed", reason: { code, message } });

/** Arguments as a stable key: the same arguments in any key order give the same key. */
export function argumentsKey(args: UiValue): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * Reads a source once, never inside a transaction: authorised first, bounded in time and size,
 * its result parsed with the source's schema. Every way it can go wrong is an outcome, not a throw.
 */
export async function readSource(source: LiveSource, args: unknown, context: ReadContext, { now = Date.now(), timeoutMs = READ_TIMEOUT_MS } = {}): Promise<ReadOutcome> {
  if (!(await source.authorize(context, args))) return { state: "refused", reason: { code: "not-authorized", message: "This data is not available to you." } };
  const signal = AbortSignal.timeout(timeoutMs);
  let result: unknown;
  try {
    result = await Promise.race([
      source.read(args, { signal, now }),
      new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
    ]);
  } catch (error) {
    if (signal.aborted) return failed("timed-out", `The source did not answer within ${timeoutMs / 1000} s.`);
    console.error(`Live source ${source.name} failed`, error);
    return failed("read-failed", "The source could not be read.");
  }
  const parsed = source.result.safeParse(result);
  if (!parsed.success) return failed("invalid-result", "The source answered in a shape it does not promise.");
  const json = JSON.stringify(parsed.data);
  if (Buffer.byteLength(json, "utf8") > MAX_RESULT_BYTES) return failed("result-too-large", `The result is larger than ${MAX_RESULT_BYTES / 1024} KB.`);
  try {
    return { state: "fresh", value: copyUiValue(JSON.parse(json), COPY_LIMITS) };
  } catch (error) {
    if (!isUiFailure(error)) throw error;
    return failed("invalid-result", "The source answered a value a block cannot hold.");
  }
}

export type FirstReading = { blockId: string; query: string; args: UiValue; outcome: ReadOutcome; readAt: Date };

/**
 * The first reading of every query of every block, with each query's default arguments, taken
 * when a reply becomes final (outside any lock: reads may take seconds).
 */
export async function takeFirstReadings(blocks: readonly UiBlock[], sources: LiveSources, context: ReadContext): Promise<FirstReading[]> {
  const reads = blocks.flatMap((block) =>
    Object.values(block.queries).map(async (query): Promise<FirstReading> => {
      const name = `$${query.name}`;
      const args = storedUiQueryArguments(block, name, {});
      const source = sources.get(query.source);
      const outcome = source ? await readSource(source, args, context) : failed("source-unregistered", "This source is not registered.");
      return { blockId: block.id, query: name, args, outcome, readAt: new Date() };
    }),
  );
  return Promise.all(reads);
}

/**
 * Stores the first readings of a reply's blocks, frozen, and gives each block the text fallback
 * evaluated with them: what the agent reads back, and what a client that cannot draw shows.
 */
export async function freezeFirstReadings(tx: Tx, { itemId, revision, blocks, readings }: { itemId: string; revision: number; blocks: UiBlock[]; readings: readonly FirstReading[] }): Promise<UiBlock[]> {
  if (readings.length === 0) return blocks;
  const rows = readings.map((reading) => ({
    id: randomUUID(),
    itemId,
    blockId: reading.blockId,
    revision,
    query: reading.query,
    argsKey: argumentsKey(reading.args),
    args: reading.args as Prisma.InputJsonValue,
    state: reading.outcome.state,
    value: reading.outcome.state === "fresh" ? (reading.outcome.value as Prisma.InputJsonValue) : undefined,
    reason: reading.outcome.state === "fresh" ? undefined : reading.outcome.reason,
    frozen: true,
    readAt: reading.readAt,
  }));
  await tx.uiReading.createMany({ data: rows });
  return blocks.map((block) => ({ ...block, fallback: fallbackWith(block, readings.filter((reading) => reading.blockId === block.id)) }));
}

function fallbackWith(block: UiBlock, readings: readonly FirstReading[]): string {
  if (readings.length === 0) return block.fallback;
  const state = new UiState(block);
  for (const reading of readings) if (reading.outcome.state === "fresh") state.setQuery(reading.query, reading.outcome.value, block);
  const text = evaluatedFallback(block, state);
  return text === "" ? block.fallback : text;
}

/** A block's text fallback as drawn with this state: its top-level nodes' fallbacks joined. */
function evaluatedFallback(block: UiBlock, state: UiState): string {
  return evaluateStoredUiBlock(block, state)
    .nodes.map((node) => node.fallback)
    .join("")
    .trim();
}

type ReadingRow = {
  id: string;
  query: string;
  state: "pending" | "fresh" | "failed" | "refused";
  args: unknown;
  value: unknown;
  reason: unknown;
  frozen: boolean;
  readAt: Date;
};

/** A settled reading as the page sees it; stored JSON is parsed, never trusted as typed. */
export function toReadingView(row: ReadingRow): ReadingView {
  const fresh = row.state === "fresh";
  return readingViewSchema.parse({
    readId: fresh ? row.id : null,
    query: row.query,
    state: row.state,
    args: row.args,
    value: fresh ? row.value : null,
    readAt: row.readAt.toISOString(),
    reason: fresh ? null : row.reason,
    frozen: row.frozen,
  });
}

/** A cached reading answers the same arguments for this long; after it, the source is read again. */
export const READING_CACHE_MS = 10_000;
/** A live reading proves a choice for this long after it was issued (frozen ones for good). */
export const READING_HOLD_MS = 60_000;
/** How many reads one visitor may have in flight per chat, across every server instance. */
export const MAX_READS_IN_FLIGHT = 2;
// A pending read older than this lost its process: it no longer holds a slot.
const PENDING_LEASE_MS = READ_TIMEOUT_MS + 2_000;

type ReadTarget = { chatId: string; visitorId: string; itemId: string; blockId: string; revision: number; query: string };

/**
 * Claims one of the visitor's read slots for the chat by recording the read as pending. The count
 * and the insert run under a transaction-scoped advisory lock for this chat and visitor, so two
 * instances cannot both take the last slot; the read itself runs after this commits.
 */
export async function claimReadSlot(tx: Tx, target: ReadTarget & { args: UiValue; argsKey: string; now: number }): Promise<string | null> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`reads:${target.chatId}:${target.visitorId}`}, 0))`;
  const inFlight = await tx.uiReading.count({
    where: { chatId: target.chatId, visitorId: target.visitorId, state: "pending", readAt: { gt: new Date(target.now - PENDING_LEASE_MS) } },
  });
  if (inFlight >= MAX_READS_IN_FLIGHT) return null;
  const { now, args, ...row } = target;
  const pending = await tx.uiReading.create({ data: { ...row, args: args as Prisma.InputJsonValue, state: "pending", readAt: new Date(now) } });
  return pending.id;
}

/** The outcome of a read, as the stored reading's fields. */
export function readingFields(outcome: ReadOutcome, now: number) {
  return outcome.state === "fresh"
    ? { state: outcome.state, value: outcome.value as Prisma.InputJsonValue, readAt: new Date(now) }
    : { state: outcome.state, reason: outcome.reason, readAt: new Date(now) };
}

/** A fresh reading of a block, as a choice on the block is checked against it. */
export type IssuedReading = { id: string; query: string; argsKey: string; value: unknown; frozen: boolean; readAt: Date };

/**
 * The values the server issued for a block's live queries, as a choice on it must rest on: for
 * every declared query, the read id the page sent names one of `readings` (the fresh readings of
 * this block and revision the page named), for the arguments the submitted values give now,
 * issued recently enough (or the frozen first reading while those arguments are still the
 * defaults'). Null when one does not.
 */
export function issuedQueryValues(
  { block, readings, values, reads, now }: { block: UiBlock; readings: readonly IssuedReading[]; values: unknown; reads: Record<string, string>; now: number },
): Record<string, UiValue> | null {
  const issued: Record<string, UiValue> = {};
  for (const name of Object.keys(block.queries).map((query) => `$${query}`)) {
    const id = Object.hasOwn(reads, name) ? reads[name] : undefined;
    const row = readings.find((candidate) => candidate.id === id && candidate.query === name);
    if (!row) return null;
    if (row.argsKey !== argumentsKey(storedUiQueryArguments(block, name, values))) return null;
    if (!row.frozen && row.readAt.getTime() < now - READING_HOLD_MS) return null;
    issued[name] = copyUiValue(row.value);
  }
  return issued;
}
