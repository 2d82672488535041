import { ApiError } from "@/lib/chat/wire/client-api";
import type { ReadingView } from "@/lib/chat/wire";
import { sameUiValue, uiQueryArguments, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import type { LiveQuery } from "./live-choice-reason";

/** The reads this page made of each query (`$name` keys), as far as each has gone. */
export type OwnReads = Record<string, Partial<LiveQuery>>;

// A `refresh-limit` refusal says when to ask again: to the millisecond in its body, or Retry-After.
const MAX_PACED_MS = 60_000;

/** How long to wait before asking again, when the server paced this read; null for any other refusal. */
export function pacedFor(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== "refresh-limit") return null;
  const ms = error.body?.retryAfterMs;
  return typeof ms === "number" && Number.isInteger(ms) && ms > 0 && ms <= MAX_PACED_MS
    ? ms
    : 1_000 * (error.retryAfterSeconds ?? 1);
}

/** A query's arguments for these inputs, or undefined when the block cannot work them out. */
export function argumentsOf(
  block: UiBlock,
  name: string,
  inputs: Record<string, UiValue>,
): UiValue | undefined {
  try {
    return uiQueryArguments(block, name, inputs);
  } catch {
    return undefined;
  }
}

/**
 * Each query as the page holds it: this page's own reads, and until one arrives the frozen first
 * reading (which a page that watched the reply stream receives when the reply completes).
 */
export function mergeReadings(
  names: readonly string[],
  own: OwnReads,
  frozen: Record<string, ReadingView>,
): Record<string, LiveQuery> {
  return Object.fromEntries(
    names.map((name): [string, LiveQuery] => {
      const mine = own[name];
      const first = frozen[name];
      return [
        name,
        {
          good: mine?.good ?? (first?.state === "fresh" ? first : null),
          last: mine?.last ?? first ?? null,
          inFlight: mine?.inFlight ?? false,
          refused: mine?.refused ?? null,
        },
      ];
    }),
  );
}

/**
 * A read's result: a fresh reading is issued anew (even one the cache answers with a refused id
 * again); any other, or none, leaves the last good reading on screen.
 */
export function settleRead(
  current: Partial<LiveQuery> | undefined,
  reading: ReadingView | null,
): Partial<LiveQuery> {
  if (reading?.state === "fresh")
    return { good: reading, last: reading, inFlight: false, refused: null };
  return { ...current, last: reading ?? current?.last, inFlight: false };
}

/** After a choice was refused as stale: the readings it presented no longer open choices. */
export function markRefused(
  own: OwnReads,
  names: readonly string[],
  reads: Record<string, string>,
): OwnReads {
  return {
    ...own,
    ...Object.fromEntries(
      names.map((name) => [name, { ...own[name], refused: reads[name] ?? null }]),
    ),
  };
}

/** The queries whose arguments the inputs changed from those of the reading on screen. */
export function changedQueries(
  block: UiBlock,
  names: readonly string[],
  inputs: Record<string, UiValue>,
  queries: Record<string, LiveQuery>,
): string[] {
  return names.filter((name) => {
    const args = argumentsOf(block, name, inputs);
    const good = queries[name]?.good;
    return (
      args !== undefined &&
      (good === null || good === undefined || !sameUiValue(good.args as UiValue, args))
    );
  });
}

/** The last good value of each query, to load into the block, and its read id, which a choice presents. */
export function goodReadings(names: readonly string[], queries: Record<string, LiveQuery>) {
  const good = names.flatMap((name) =>
    queries[name]?.good ? [[name, queries[name]!.good!] as const] : [],
  );
  return {
    values: Object.fromEntries(good.map(([name, reading]) => [name, reading.value as UiValue])),
    reads: Object.fromEntries(good.map(([name, reading]) => [name, reading.readId!])),
  };
}
