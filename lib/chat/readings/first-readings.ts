import "server-only";
import { randomUUID } from "node:crypto";
import {
  evaluateStoredUiBlock,
  isUiFailure,
  storedUiQueryArguments,
  UiState,
  type UiBlock,
  type UiValue,
} from "@/lib/intelligent-ui";
import type { LiveSources, ReadContext } from "@/lib/live-sources";
import type { Tx } from "../store/chats";
import { insertFrozenReadings, type StoredJson } from "../store/readings";
import { currentReadContext } from "./grants";
import { storeReplyGrants } from "./reply-grants";
import { argumentsKey, failedWith, readSource, type ReadOutcome } from "./source";

/** A block's queries past this many are not read when its reply becomes final. */
export const MAX_QUERIES_READ_PER_BLOCK = 8;
/** A reply's live blocks past this many are not read when it becomes final. */
export const MAX_BLOCKS_READ_PER_REPLY = 16;
/** A reply's frozen values and fallbacks together, in UTF-8 bytes of JSON and text, at most. */
export const MAX_SNAPSHOT_BYTES = 128 * 1024;

// A query left unread is frozen as a failed reading saying why; the page reads it live.
const NOT_READ_QUERY = failedWith(
  "not-read",
  `Not read with the reply: a block's first ${MAX_QUERIES_READ_PER_BLOCK} queries are read, the rest live.`,
);
const NOT_READ_BLOCK = failedWith(
  "not-read",
  `Not read with the reply: a reply's first ${MAX_BLOCKS_READ_PER_REPLY} live blocks are read, the rest live.`,
);
const TOO_LARGE = failedWith(
  "snapshot-too-large",
  `Not kept with the reply: its first readings came to more than ${MAX_SNAPSHOT_BYTES / 1024} KiB; the page reads them live.`,
);

export type FirstReading = {
  blockId: string;
  query: string;
  args: UiValue;
  outcome: ReadOutcome;
  readAt: Date;
};
export type FirstReadings = {
  context: ReadContext;
  readings: FirstReading[];
  fallbacks: Record<string, string>;
};

/**
 * Taken outside any lock (reads take seconds), with the visitor and the chat's grants now. Past
 * 16 blocks or 8 queries a block they are frozen `not-read`; past 128 KiB, `snapshot-too-large`.
 */
export async function takeFirstReadings(
  blocks: readonly UiBlock[],
  sources: LiveSources,
  scope: { visitorId: string; chatId: string },
): Promise<FirstReadings> {
  const live = blocks.filter((block) => Object.keys(block.queries).length > 0);
  const context =
    live.length > 0
      ? await currentReadContext(scope)
      : { visitorId: scope.visitorId, chatId: scope.chatId, grants: [] };
  const reads = live.flatMap((block, blockIndex) =>
    Object.values(block.queries).map(async (query, queryIndex): Promise<FirstReading> => {
      const name = `$${query.name}`;
      const args = storedUiQueryArguments(block, name, {});
      const source = sources.get(query.source);
      const outcome =
        blockIndex >= MAX_BLOCKS_READ_PER_REPLY
          ? NOT_READ_BLOCK
          : queryIndex >= MAX_QUERIES_READ_PER_BLOCK
            ? NOT_READ_QUERY
            : source
              ? await readSource(source, args, context)
              : failedWith("source-unregistered", "This source is not registered.");
      return { blockId: block.id, query: name, args, outcome, readAt: new Date() };
    }),
  );
  let readings = await Promise.all(reads);
  let fallbacks = fallbacksWith(live, readings);
  if (snapshotBytes(readings, fallbacks) > MAX_SNAPSHOT_BYTES) {
    readings = readings.map((reading) =>
      reading.outcome.state === "fresh" ? { ...reading, outcome: TOO_LARGE } : reading,
    );
    fallbacks = fallbacksWith(live, readings);
  }
  return { context, readings, fallbacks };
}

/** Under the chat lock; everything was evaluated before it was taken. The fallback is what the agent reads back. */
export async function freezeFirstReadings(
  tx: Tx,
  {
    itemId,
    revision,
    blocks,
    first,
  }: { itemId: string; revision: number; blocks: UiBlock[]; first: FirstReadings | null },
): Promise<UiBlock[]> {
  if (!first || first.readings.length === 0) return blocks;
  await insertFrozenReadings(
    tx,
    first.readings.map((reading) => frozenRow(itemId, revision, reading)),
  );
  await storeReplyGrants(tx, { itemId, revision, context: first.context });
  return blocks.map((block) =>
    Object.hasOwn(first.fallbacks, block.id)
      ? { ...block, fallback: first.fallbacks[block.id]! }
      : block,
  );
}

function frozenRow(itemId: string, revision: number, reading: FirstReading) {
  const { outcome } = reading;
  return {
    id: randomUUID(),
    itemId,
    blockId: reading.blockId,
    revision,
    query: reading.query,
    argsKey: argumentsKey(reading.args),
    args: reading.args as StoredJson,
    state: outcome.state,
    value: outcome.state === "fresh" ? (outcome.value as StoredJson) : undefined,
    reason: outcome.state === "fresh" ? undefined : outcome.reason,
    frozen: true,
    startedAt: reading.readAt,
    readAt: reading.readAt,
  };
}

function snapshotBytes(
  readings: readonly FirstReading[],
  fallbacks: Record<string, string>,
): number {
  const values = readings.reduce(
    (sum, { outcome }) =>
      sum +
      (outcome.state === "fresh" ? Buffer.byteLength(JSON.stringify(outcome.value), "utf8") : 0),
    0,
  );
  return Object.values(fallbacks).reduce(
    (sum, text) => sum + Buffer.byteLength(text, "utf8"),
    values,
  );
}

function fallbacksWith(
  blocks: readonly UiBlock[],
  readings: readonly FirstReading[],
): Record<string, string> {
  return Object.fromEntries(
    blocks.map((block) => [
      block.id,
      fallbackWith(
        block,
        readings.filter((reading) => reading.blockId === block.id),
      ),
    ]),
  );
}

/**
 * Ends with the sources it names and a line per reading that did not come back fresh, so the agent
 * knows what the numbers rest on. Values past the block's budget leave its text as written.
 */
function fallbackWith(block: UiBlock, readings: readonly FirstReading[]): string {
  const sources = `Sources: ${Object.values(block.queries)
    .map((query) => `$${query.name}: ${query.source}`)
    .join(", ")}`;
  const failures = readings.flatMap(({ query, outcome }) =>
    outcome.state === "fresh" ? [] : [`${query} ${outcome.state}: ${outcome.reason.code}`],
  );
  return [evaluatedFallback(block, readings) || block.fallback, sources, ...failures].join("\n");
}

/** Its top-level nodes' fallbacks joined, or "" past its budget. */
function evaluatedFallback(block: UiBlock, readings: readonly FirstReading[]): string {
  try {
    const state = new UiState(block);
    for (const { query, outcome } of readings)
      if (outcome.state === "fresh") state.setQuery(query, outcome.value, block);
    return evaluateStoredUiBlock(block, state)
      .nodes.map((node) => node.fallback)
      .join("")
      .trim();
  } catch (error) {
    if (isUiFailure(error)) return "";
    throw error;
  }
}
