import "server-only";
import type { UiValue } from "@/lib/intelligent-ui";
import { AppError } from "@/lib/http/errors";
import {
  claimReadingSlot,
  dropReading,
  type ReadingRecord,
  sharedReadingRow,
  type StoredJson,
  withSingleFlightLock,
} from "../store/readings";
import { READ_TIMEOUT_MS } from "./source";

/** A cached reading answers the same arguments for this long; after it, the source is read again. */
export const READING_CACHE_MS = 10_000;
/** Per visitor and chat (reading or waiting), across every instance. */
export const MAX_READS_IN_FLIGHT = 2;
/** Per query of a block, whatever its arguments. */
export const REFRESH_INTERVAL_MS = 250;
// A pending read older than this lost its process: it no longer holds a slot.
const PENDING_LEASE_MS = READ_TIMEOUT_MS + 2_000;
// A read waiting behind an identical one waits at most that one's time limit, then reads itself.
const SINGLE_FLIGHT_TIMEOUT_MS = 2 * READ_TIMEOUT_MS + 4_000;

export type ReadKey = {
  itemId: string;
  blockId: string;
  revision: number;
  query: string;
  argsKey: string;
};
/** `authorized`: this read's grants may be handed a reading another read took. */
export type SharedRead = ReadKey & {
  chatId: string;
  visitorId: string;
  args: UiValue;
  at: number;
  authorized: boolean;
};
type Row = ReadingRecord;

/** Shared across instances: holds its single-flight lock until its reading is stored; an identical read waits in a slot of its own. */
export async function readShared(
  read: SharedRead,
  readInto: (slot: string) => Promise<Row>,
): Promise<Row> {
  const cached = read.authorized ? await sharedReading(read, read.at) : null;
  if (cached) return cached;
  const first = await singleFlight(read, "try", () => settle(read, readInto));
  if (first !== null) return first;
  const waiting = await claimReadSlot(read, { paced: false });
  return (await singleFlight(read, "wait", () => settle(read, readInto, waiting)))!;
}

function singleFlight<T>(
  key: ReadKey,
  mode: "try" | "wait",
  run: () => Promise<T>,
): Promise<T | null> {
  const lockKey = JSON.stringify([
    "read",
    key.itemId,
    key.blockId,
    key.revision,
    key.query,
    key.argsKey,
  ]);
  return withSingleFlightLock(lockKey, mode, SINGLE_FLIGHT_TIMEOUT_MS, run);
}

async function settle(
  read: SharedRead,
  readInto: (slot: string) => Promise<Row>,
  waiting?: string,
): Promise<Row> {
  const shared = read.authorized ? await sharedReading(read, read.at) : null;
  // The wait's pending row gives its slot back: the read either shares or claims one, paced.
  if (waiting) await dropReading(waiting);
  return shared ?? readInto(await claimReadSlot(read, { paced: true }));
}

/** A fresh reading of the last 10 s, or one that settled since `at`. */
export function sharedReading(key: ReadKey, at: number) {
  return sharedReadingRow(key, new Date(at - READING_CACHE_MS), new Date(at));
}

/** `refresh-limit` within 250 ms of another read of the query (`paced` only), `busy` past two in flight. */
export async function claimReadSlot(
  read: SharedRead,
  { paced }: { paced: boolean },
): Promise<string> {
  const { chatId, visitorId, itemId, blockId, revision, query, argsKey, args, at } = read;
  const near = paced
    ? { after: new Date(at - REFRESH_INTERVAL_MS), before: new Date(at + REFRESH_INTERVAL_MS) }
    : null;
  const slot = {
    chatId,
    visitorId,
    key: { itemId, blockId, revision, query },
    near,
    pendingSince: new Date(at - PENDING_LEASE_MS),
  };
  const row = {
    chatId,
    visitorId,
    itemId,
    blockId,
    revision,
    query,
    argsKey,
    args: args as StoredJson,
    startedAt: new Date(at),
    readAt: new Date(at),
  };
  return claimReadingSlot(
    slot,
    {
      near(startedAt) {
        const retryAfterMs = Math.max(1, startedAt.getTime() + REFRESH_INTERVAL_MS - at);
        throw new AppError(
          "refresh-limit",
          `This data was read less than ${REFRESH_INTERVAL_MS} ms ago; it is read again in a moment.`,
          undefined,
          {
            retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
            details: { retryAfterMs },
          },
        );
      },
      inFlight(count) {
        if (count >= MAX_READS_IN_FLIGHT) {
          throw new AppError(
            "busy",
            "Two reads of this chat are already running; this one starts when one ends.",
            undefined,
            { retryAfterSeconds: 1 },
          );
        }
      },
    },
    row,
  );
}
