import "server-only";
import type { UiValue } from "@/lib/intelligent-ui";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { READ_TIMEOUT_MS } from "./source";

/** A cached reading answers the same arguments for this long; after it, the source is read again. */
export const READING_CACHE_MS = 10_000;
/** How many reads one visitor may have in flight per chat (reading or waiting), across every server instance. */
export const MAX_READS_IN_FLIGHT = 2;
/** One query of a block is read from its source at most this often, whatever its arguments. */
export const REFRESH_INTERVAL_MS = 250;
// A pending read older than this lost its process: it no longer holds a slot.
const PENDING_LEASE_MS = READ_TIMEOUT_MS + 2_000;
// A read that waits behind an identical one waits at most for that one's time limit, then reads itself.
const FLIGHT_TIMEOUT_MS = 2 * READ_TIMEOUT_MS + 4_000;

/** One read: of a query of a block at a revision, with these arguments. */
export type ReadKey = { itemId: string; blockId: string; revision: number; query: string; argsKey: string };
/** A read asked at `at` by a visitor; `authorized`: its rights may be handed a reading another read took. */
export type SharedRead = ReadKey & { chatId: string; visitorId: string; args: UiValue; at: number; authorized: boolean };
type Row = NonNullable<Awaited<ReturnType<typeof sharedReading>>>;

/**
 * One read of a query, shared across instances through Postgres. A read takes its flight lock (a
 * transaction-scoped advisory lock on block, revision, query and arguments) before it claims its
 * pending row, and holds it until its reading is stored. A read that finds the lock taken waits
 * for it as one of the visitor's reads in flight (a pending row of its own, so waiting holds no
 * more connections than reading may), then answers with the reading it waited for: two identical
 * reads in flight share one read of the source and one read id.
 */
export async function readShared(read: SharedRead, readInto: (slot: string) => Promise<Row>): Promise<Row> {
  const cached = read.authorized ? await sharedReading(read, read.at) : null;
  if (cached) return cached;
  const first = await inFlight(read, "try", () => settle(read, readInto));
  if (first !== null) return first;
  const waiting = await db().$transaction((tx) => claimReadSlot(tx, read, { paced: false }));
  return (await inFlight(read, "wait", () => settle(read, readInto, waiting)))!;
}

function inFlight<T>(key: ReadKey, mode: "try" | "wait", run: () => Promise<T>): Promise<T | null> {
  const flight = JSON.stringify(["read", key.itemId, key.blockId, key.revision, key.query, key.argsKey]);
  return db().$transaction(
    async (tx) => {
      if (mode === "wait") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${flight}, 0))`;
      else {
        const [taken] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtextextended(${flight}, 0)) AS "locked"`;
        if (!taken?.locked) return null;
      }
      return run();
    },
    { timeout: FLIGHT_TIMEOUT_MS },
  );
}

/** Holding the flight lock: the reading to share, or else a read of the source in a slot of its own. */
async function settle(read: SharedRead, readInto: (slot: string) => Promise<Row>, waiting?: string): Promise<Row> {
  const shared = read.authorized ? await sharedReading(read, read.at) : null;
  // The wait's pending row gives its slot back: the read either shares or claims one, paced.
  if (waiting) await db().uiReading.delete({ where: { id: waiting } });
  return shared ?? readInto(await db().$transaction((tx) => claimReadSlot(tx, read, { paced: true })));
}

/**
 * The reading that answers a read of `key` asked at `at` without reading the source: a fresh one
 * of the last 10 s (the cache), or one that settled since it was asked, whatever its state: the
 * read it waited behind.
 */
export function sharedReading({ itemId, blockId, revision, query, argsKey }: ReadKey, at: number) {
  return db().uiReading.findFirst({
    where: {
      itemId,
      blockId,
      revision,
      query,
      argsKey,
      OR: [
        { state: "fresh", readAt: { gt: new Date(at - READING_CACHE_MS) } },
        { state: { not: "pending" }, frozen: false, readAt: { gte: new Date(at) } },
      ],
    },
    orderBy: { readAt: "desc" },
  });
}

/**
 * Claims a slot by recording the read as pending, under a transaction-scoped advisory lock for
 * this chat and visitor, so two instances cannot both pass a check: a read of the same query
 * begun within 250 ms is `refresh-limit` (429, with when to ask again: `paced` reads only), and a
 * visitor with two reads in flight in the chat is `busy`. The read itself runs after this commits.
 */
export async function claimReadSlot(tx: Tx, read: SharedRead, { paced }: { paced: boolean }): Promise<string> {
  const { chatId, visitorId, itemId, blockId, revision, query, argsKey, args, at } = read;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`reads:${chatId}:${visitorId}`}, 0))`;
  const near = paced
    ? await tx.uiReading.findFirst({
        where: { itemId, blockId, revision, query, frozen: false, startedAt: { gt: new Date(at - REFRESH_INTERVAL_MS), lt: new Date(at + REFRESH_INTERVAL_MS) } },
        orderBy: { startedAt: "desc" },
        select: { startedAt: true },
      })
    : null;
  if (near) {
    const retryAfterMs = Math.max(1, near.startedAt.getTime() + REFRESH_INTERVAL_MS - at);
    throw new AppError("refresh-limit", `This data was read less than ${REFRESH_INTERVAL_MS} ms ago; it is read again in a moment.`, undefined, {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      details: { retryAfterMs },
    });
  }
  const inFlight = await tx.uiReading.count({ where: { chatId, visitorId, state: "pending", readAt: { gt: new Date(at - PENDING_LEASE_MS) } } });
  if (inFlight >= MAX_READS_IN_FLIGHT) {
    throw new AppError("busy", "Two reads of this chat are already running; this one starts when one ends.", undefined, { retryAfterSeconds: 1 });
  }
  const row = { chatId, visitorId, itemId, blockId, revision, query, argsKey, args: args as Prisma.InputJsonValue };
  return (await tx.uiReading.create({ data: { ...row, state: "pending", startedAt: new Date(at), readAt: new Date(at) }, select: { id: true } })).id;
}
