"use client";

import { useCallback, useEffect, useMemo } from "react";
import type { ReadingView } from "@/lib/chat/wire";
import type { UiBlock, UiValue } from "@/lib/intelligent-ui";
import { liveQueryState, uiLiveChoiceReason } from "./live-choice-reason";
import { argumentsOf, changedQueries, goodReadings, mergeReadings } from "./live-queries";
import { useOwnReads } from "./use-own-reads";

// While a live block is visible it is read again at most this often; a changed input is read
// once it has rested this long.
const REFRESH_MS = 10_000;
const REST_MS = 300;

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
  /** Whether a read of any query is in flight. */
  reading: boolean;
  /** Every query read again now, as the person asked: the same reads the schedule makes. */
  readAgain(): void;
  /** After a choice was refused as stale: the readings on screen no longer open choices; every query is read again now. */
  refresh(): void;
};

type Schedule = {
  enabled: boolean;
  visible: boolean;
  changed: string[];
  inputs: Record<string, UiValue>;
  read: (name: string) => Promise<void>;
  readAll: () => void;
};

/** Changed inputs are read once they rest; every query is read again now and then while the block is visible. */
function useReadSchedule({ enabled, visible, changed, inputs, read, readAll }: Schedule) {
  const changedKey = changed.join(",");
  useEffect(() => {
    if (!enabled || changedKey === "") return;
    const timer = setTimeout(
      () => changedKey.split(",").forEach((name) => void read(name)),
      REST_MS,
    );
    return () => clearTimeout(timer);
  }, [enabled, changedKey, inputs, read]);

  useEffect(() => {
    if (!enabled || !visible) return;
    const timer = setInterval(readAll, REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, visible, readAll]);
}

/**
 * A live block's readings on the page: the frozen first ones, then new ones as inputs change and
 * while it is visible. A failed read keeps the last good value on screen, muted (`liveQueryState`).
 */
export function useLiveReadings({
  chatId,
  itemId,
  revision,
  block,
  frozen,
  inputs,
  visible,
  enabled,
}: {
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
  const { ownReads, read, refuse } = useOwnReads({
    chatId,
    itemId,
    revision,
    blockId: block.id,
    inputs,
  });
  const queries = useMemo(() => mergeReadings(names, ownReads, frozen), [names, ownReads, frozen]);
  const readAll = useCallback(() => names.forEach((name) => void read(name)), [names, read]);
  useReadSchedule({
    enabled,
    visible,
    changed: changedQueries(block, names, inputs, queries),
    inputs,
    read,
    readAll,
  });

  const { values, reads } = useMemo(() => goodReadings(names, queries), [names, queries]);
  const refresh = useCallback(() => {
    refuse(names, reads);
    readAll();
  }, [names, reads, readAll, refuse]);
  const reason = uiLiveChoiceReason(
    names.map((name) => liveQueryState(queries[name], argumentsOf(block, name, inputs))),
  );
  return {
    values,
    reads,
    reason,
    muted: reason !== null || names.some((name) => queries[name]?.last?.state !== "fresh"),
    latest: names.flatMap((name) => (queries[name]?.last ? [queries[name]!.last!] : [])),
    reading: names.some((name) => queries[name]?.inFlight === true),
    readAgain: readAll,
    refresh,
  };
}
