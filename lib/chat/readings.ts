import "server-only";
import { copyUiValue, storedUiQueryArguments, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { argumentsKey, READ_TIMEOUT_MS, type ReadOutcome } from "./read-source";
import { readingViewSchema, type ReadingView } from "./wire";

export { argumentsKey, authorizeSource, MAX_RESULT_BYTES, READ_TIMEOUT_MS, readSource, type ReadOutcome } from "./read-source";
export { freezeFirstReadings, takeFirstReadings, type FirstReading, type FirstReadings } from "./first-readings";
export { authorizeChoiceAgain } from "./read-rights";

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

/** One query of a block is read from its source at most this often, whatever its arguments. */
export const REFRESH_INTERVAL_MS = 250;
// An identical read waits behind the one in flight for at most its time limit, then reads itself.
const FLIGHT_TIMEOUT_MS = 2 * READ_TIMEOUT_MS + 4_000;

/** One read: of a query of a block at a revision, with these arguments. */
type ReadKey = { itemId: string; blockId: string; revision: number; query: string; argsKey: string };

/**
 * Runs `read` holding the flight lock of its key: a transaction-scoped advisory lock, so an
 * identical read arriving meanwhile, on any instance, waits for this one and then finds its
 * reading (`sharedReading`) instead of reading the source again. Its transaction holds one
 * pooled connection while the source is read; that is the price of waiting on Postgres.
 */
export function inReadFlight<T>(key: ReadKey, read: () => Promise<T>): Promise<T> {
  const flight = JSON.stringify(["read", key.itemId, key.blockId, key.revision, key.query, key.argsKey]);
  return db().$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${flight}, 0))`;
      return read();
    },
    { timeout: FLIGHT_TIMEOUT_MS },
  );
}

/**
 * The reading that answers a read of `key` asked at `at` without reading the source: a fresh one
 * of the last 10 s (the cache), or one that settled since it was asked, whatever its state: the
 * read it waited behind, so two identical reads in flight share one read id.
 */
export function sharedReading(key: ReadKey, at: number) {
  return db().uiReading.findFirst({
    where: {
      ...key,
      OR: [
        { state: "fresh", readAt: { gt: new Date(at - READING_CACHE_MS) } },
        { state: { not: "pending" }, frozen: false, readAt: { gte: new Date(at) } },
      ],
    },
    orderBy: { readAt: "desc" },
  });
}

/**
 * Claims a read by recording it as pending, under a transaction-scoped advisory lock for this
 * chat and visitor, so two instances cannot both pass a check: a read of the same query begun
 * within 250 ms is `refresh-limit` (429, with when to ask again), and a visitor with two reads
 * in flight in the chat is `busy`. The read itself runs after this commits.
 */
export async function claimReadSlot(tx: Tx, target: ReadKey & { chatId: string; visitorId: string; args: UiValue; now: number }): Promise<string> {
  const { now, args, ...row } = target;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`reads:${row.chatId}:${row.visitorId}`}, 0))`;
  const near = await tx.uiReading.findFirst({
    where: { itemId: row.itemId, blockId: row.blockId, revision: row.revision, query: row.query, frozen: false, startedAt: { gt: new Date(now - REFRESH_INTERVAL_MS), lt: new Date(now + REFRESH_INTERVAL_MS) } },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  if (near) {
    const retryAfterMs = Math.max(1, near.startedAt.getTime() + REFRESH_INTERVAL_MS - now);
    throw new AppError("refresh-limit", `This data was read less than ${REFRESH_INTERVAL_MS} ms ago; it is read again in a moment.`, undefined, {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      details: { retryAfterMs },
    });
  }
  const inFlight = await tx.uiReading.count({ where: { chatId: row.chatId, visitorId: row.visitorId, state: "pending", readAt: { gt: new Date(now - PENDING_LEASE_MS) } } });
  if (inFlight >= MAX_READS_IN_FLIGHT) {
    throw new AppError("busy", "Two reads of this chat are already running; this one starts when one ends.", undefined, { retryAfterSeconds: 1 });
  }
  const pending = await tx.uiReading.create({ data: { ...row, args: args as Prisma.InputJsonValue, state: "pending", startedAt: new Date(now), readAt: new Date(now) } });
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
