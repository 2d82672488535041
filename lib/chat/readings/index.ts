import "server-only";
import { storedUiQueryArguments, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import type { StoredJson } from "../store/readings";
import { READING_HOLD_MS } from "../wire/views";
import { argumentsKey, type ReadOutcome } from "./source";

export {
  argumentsKey,
  authorizeSource,
  MAX_RESULT_BYTES,
  READ_TIMEOUT_MS,
  readSource,
  type ReadOutcome,
} from "./source";
export {
  freezeFirstReadings,
  takeFirstReadings,
  type FirstReading,
  type FirstReadings,
} from "./first-readings";
export { authorizeChoiceAgain } from "./reply-grants";
export {
  MAX_READS_IN_FLIGHT,
  READING_CACHE_MS,
  readShared,
  REFRESH_INTERVAL_MS,
} from "./single-flight";

export { READING_HOLD_MS };

export function readingFields(outcome: ReadOutcome, now: number) {
  return outcome.state === "fresh"
    ? { state: outcome.state, value: outcome.value as StoredJson, readAt: new Date(now) }
    : { state: outcome.state, reason: outcome.reason, readAt: new Date(now) };
}

export type IssuedReading = {
  id: string;
  query: string;
  argsKey: string;
  value: unknown;
  frozen: boolean;
  readAt: Date;
};

/**
 * Each query must name (by read id) a recent fresh reading of this block and revision for the arguments
 * the values give now, or the frozen first one while they are the defaults'. Null when any does not.
 */
export function issuedQueryValues({
  block,
  readings,
  values,
  reads,
  now,
}: {
  block: UiBlock;
  readings: readonly IssuedReading[];
  values: unknown;
  reads: Record<string, string>;
  now: number;
}): Record<string, UiValue> | null {
  const issued: Record<string, UiValue> = {};
  for (const name of Object.keys(block.queries).map((query) => `$${query}`)) {
    const id = Object.hasOwn(reads, name) ? reads[name] : undefined;
    const row = readings.find((candidate) => candidate.id === id && candidate.query === name);
    if (!row) return null;
    if (row.argsKey !== argumentsKey(storedUiQueryArguments(block, name, values))) return null;
    if (!row.frozen && row.readAt.getTime() < now - READING_HOLD_MS) return null;
    // Stored as it was issued, a block value already; the choice's check copies it under its own budget, which is never refused on time.
    issued[name] = row.value as UiValue;
  }
  return issued;
}
