"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { ApiError, postJson } from "@/lib/chat/wire/client-api";
import { type ReadingView, readingViewSchema } from "@/lib/chat/wire";
import { sameUiValue, uiQueryArguments, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { liveQueryState, type LiveQuery, uiLiveChoiceReason } from "./live-choice-reason";

// While a live block is visible it is read again at most this often; a changed input is read
// once it has rested this long.
const REFRESH_MS = 10_000;
const REST_MS = 300;

const readingResponseSchema = z.object({ reading: readingViewSchema });
// A `refresh-limit` refusal says when to ask again: to the millisecond in its body, or Retry-After.
const pacedSchema = z.object({ retryAfterMs: z.number().int().positive().max(60_000) });

/** How long to wait before asking again, when the server paced this read; null for any other refusal. */
function pacedFor(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== "refresh-limit") return null;
  const paced = pacedSchema.safeParse(error.body);
  return paced.success ? paced.data.retryAfterMs : 1_000 * (error.retryAfterSeconds ?? 1);
}

export type LiveReadings = {
  /** The last good value of each query, to load into the block (`$name` keys). */
  values: Record<string, UiValue>;
  /** The read id of each value on screen, which a choice presents. */
  reads: Record<string, string>;
  /** Why choices are closed, or null. */
  reason: string | null;
  /** Whether what the block shows is not the latest data: a read is due or in flight, or the last one failed. */
  muted: boolean;
  /** Each query's last reading, good or not, to say how fresh the data is. */
  latest: ReadingView[];
  /** After a choice was refused as stale: the readings on screen no longer open choices; every query is read again now. */
  refresh(): void;
};

function argumentsOf(block: UiBlock, name: string, inputs: Record<string, UiValue>): UiValue | undefined {
  try {
    return uiQueryArguments(block, name, inputs);
  } catch {
    return undefined;
  }
}

/**
 * The readings of a live block's queries on the page: the frozen first readings at once, then a
 * new reading whenever the inputs change its arguments (once they rest) and every 10 s while the
 * block is visible. A failed read keeps the last good value on screen, muted; choices stay open
 * on it while it proves the current arguments (`liveQueryState`).
 */
export function useLiveReadings({ chatId, itemId, revision, block, frozen, inputs, visible, enabled }: {
  chatId: string;
  itemId: string;
  revision: number;
  block: UiBlock;
  frozen: Record<string, ReadingView>;
  inputs: Record<string, UiValue>;
  visible: boolean;
  enabled: boolean;
}): LiveReadings {
  const names = useMemo(() => Object.keys(block.queries).map((name) => `$${name}`), [block]);
  // Reads this page made; until one arrives, a query shows its frozen first reading (which a page
  // that watched the reply stream receives when the reply completes).
  const [ownReads, setOwnReads] = useState<Record<string, Partial<LiveQuery>>>({});
  const queries = useMemo(
    () =>
      Object.fromEntries(
        names.map((name): [string, LiveQuery] => {
          const own = ownReads[name];
          const first = frozen[name];
          return [name, { good: own?.good ?? (first?.state === "fresh" ? first : null), last: own?.last ?? first ?? null, inFlight: own?.inFlight ?? false, refused: own?.refused ?? null }];
        }),
      ),
    [names, ownReads, frozen],
  );

  const latestInputs = useRef(inputs);
  useLayoutEffect(() => {
    latestInputs.current = inputs;
  }, [inputs]);

  // Reads the server paced, waiting to ask again; cleared when the block leaves the page.
  const retries = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = retries.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const read = useCallback(
    async function readQuery(name: string) {
      clearTimeout(retries.current.get(name));
      retries.current.delete(name);
      setOwnReads((current) => ({ ...current, [name]: { ...current[name], inFlight: true } }));
      let reading: ReadingView | null = null;
      try {
        const body = { itemId, blockId: block.id, revision, query: name, values: latestInputs.current };
        reading = readingResponseSchema.parse(await postJson(`/api/chats/${chatId}/ui-queries`, body)).reading;
      } catch (error) {
        // Paced: the read stays in flight and asks again when the server says it may.
        const wait = pacedFor(error);
        if (wait !== null) {
          retries.current.set(name, setTimeout(() => void readQuery(name), wait));
          return;
        }
        // Any other refusal (busy, a stale block) leaves the last good reading on screen; the next refresh tries again.
      }
      setOwnReads((current) => ({
        ...current,
        // A fresh reading is issued anew, even one the cache answers with a refused id again.
        [name]: reading?.state === "fresh" ? { good: reading, last: reading, inFlight: false, refused: null } : { ...current[name], last: reading ?? current[name]?.last, inFlight: false },
      }));
    },
    [chatId, itemId, revision, block.id],
  );
  const readAll = useCallback(() => names.forEach((name) => void read(name)), [names, read]);

  // Inputs that change a query's arguments are read once they rest.
  const changed = names.filter((name) => {
    const args = argumentsOf(block, name, inputs);
    const good = queries[name]?.good;
    return args !== undefined && (good === null || good === undefined || !sameUiValue(good.args as UiValue, args));
  });
  const changedKey = changed.join(",");
  useEffect(() => {
    if (!enabled || changedKey === "") return;
    const timer = setTimeout(() => changedKey.split(",").forEach((name) => void read(name)), REST_MS);
    return () => clearTimeout(timer);
  }, [enabled, changedKey, inputs, read]);

  useEffect(() => {
    if (!enabled || !visible) return;
    const timer = setInterval(readAll, REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, visible, readAll]);

  const states = names.map((name) => liveQueryState(queries[name], argumentsOf(block, name, inputs)));
  const { values, reads } = useMemo(() => {
    const good = names.flatMap((name) => (queries[name]?.good ? [[name, queries[name]!.good!] as const] : []));
    return {
      values: Object.fromEntries(good.map(([name, reading]) => [name, reading.value as UiValue])),
      reads: Object.fromEntries(good.map(([name, reading]) => [name, reading.readId!])),
    };
  }, [names, queries]);
  const refresh = useCallback(() => {
    setOwnReads((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, { ...current[name], refused: reads[name] ?? null }])) }));
    readAll();
  }, [names, reads, readAll]);
  const reason = uiLiveChoiceReason(states);
  return {
    values,
    reads,
    reason,
    muted: reason !== null || names.some((name) => queries[name]?.last?.state !== "fresh"),
    latest: names.flatMap((name) => (queries[name]?.last ? [queries[name]!.last!] : [])),
    refresh,
  };
}
