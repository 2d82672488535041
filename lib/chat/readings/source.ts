import "server-only";
import { copyUiValue, isUiFailure, type UiValue } from "@/lib/intelligent-ui";
import {
  isSourceRefusal,
  type LiveSource,
  type ReadContext,
  type SourceReason,
} from "@/lib/live-sources";

/** Reads give up after this long: the reading is `failed` with `timed-out`. */
export const READ_TIMEOUT_MS = 8_000;
/** A result larger than this (as JSON) is refused: `failed` with `result-too-large`. */
export const MAX_RESULT_BYTES = 64 * 1024;

// Bounded by the result's size alone, not a block's evaluation budget: a result within the limit is issued whole.
const COPY_LIMITS = {
  stringLength: MAX_RESULT_BYTES,
  iterations: MAX_RESULT_BYTES,
  steps: 4 * MAX_RESULT_BYTES,
  milliseconds: READ_TIMEOUT_MS,
};

export type ReadOutcome =
  { state: "fresh"; value: UiValue } | { state: "failed" | "refused"; reason: SourceReason };

export const failedWith = (code: string, message: string): ReadOutcome => ({
  state: "failed",
  reason: { code, message },
});

/** The same arguments in any key order give the same key. */
export function argumentsKey(args: UiValue): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Null when they may, or why not: a `SourceRefusal` keeps its own words; a false gets the host's. */
export async function authorizeSource(
  source: LiveSource,
  context: ReadContext,
  args: unknown,
): Promise<SourceReason | null> {
  try {
    return (await source.authorize(context, args))
      ? null
      : { code: "not-authorized", message: "This data is not available to you." };
  } catch (error) {
    if (isSourceRefusal(error)) return error.reason;
    throw error;
  }
}

/**
 * Never inside a transaction: authorised, bounded in time and size, parsed with the source's schema.
 * Every failure is an outcome, not a throw; a source's own refusal keeps its code and sentence.
 */
export async function readSource(
  source: LiveSource,
  args: unknown,
  context: ReadContext,
  { now = Date.now(), timeoutMs = READ_TIMEOUT_MS } = {},
): Promise<ReadOutcome> {
  const refusal = await authorizeSource(source, context, args);
  if (refusal) return { state: "refused", reason: refusal };
  const signal = AbortSignal.timeout(timeoutMs);
  let result: unknown;
  try {
    result = await Promise.race([
      source.read(args, { signal, now }),
      new Promise((_, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
      ),
    ]);
  } catch (error) {
    if (signal.aborted)
      return failedWith("timed-out", `The source did not answer within ${timeoutMs / 1000} s.`);
    if (isSourceRefusal(error)) return { state: "failed", reason: error.reason };
    console.error(`Live source ${source.name} failed`, error);
    return failedWith("read-failed", "The source could not be read.");
  }
  const parsed = source.result.safeParse(result);
  if (!parsed.success)
    return failedWith("invalid-result", "The source answered in a shape it does not promise.");
  const json = JSON.stringify(parsed.data);
  if (Buffer.byteLength(json, "utf8") > MAX_RESULT_BYTES)
    return failedWith(
      "result-too-large",
      `The result is larger than ${MAX_RESULT_BYTES / 1024} KB.`,
    );
  try {
    return { state: "fresh", value: copyUiValue(JSON.parse(json), COPY_LIMITS) };
  } catch (error) {
    if (!isUiFailure(error)) throw error;
    return failedWith("invalid-result", "The source answered a value a block cannot hold.");
  }
}
