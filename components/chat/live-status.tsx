import { SecondaryButton } from "@/components/ui/secondary-button";
import { useNow } from "@/components/ui/clock";
import { ClockTime, LocalTime } from "@/components/ui/local-time";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ReadingView, UiAnswerView } from "@/lib/chat/wire";
import { READING_HOLD_MS } from "@/lib/chat/wire/limits";
import type { UiValue } from "@/lib/intelligent-ui";

/**
 * Whether data read at `readAt` is past the time a reading is live, seen at `now` (the server's
 * clock, as `useNow` keeps it): a chat opened again later, a block scrolled away, a shared copy.
 */
export function isOutOfDate(readAt: string, now: number): boolean {
  return now - Date.parse(readAt) > READING_HOLD_MS;
}

/**
 * How fresh a live block's data is. A failed or refused read says why; the block keeps drawing
 * the last good value, which this line marks as older. Data past its live time says it may be out
 * of date, never "Live", and offers to read it again where the page may (`readAgain`).
 */
export function LiveStatus({
  latest,
  inFlight = false,
  readAgain,
}: {
  latest: readonly ReadingView[];
  inFlight?: boolean;
  readAgain?: () => void;
}) {
  const now = useNow();
  const hydrated = useHydrated();
  const problem = latest.find((reading) => reading.state !== "fresh");
  const newest = latest
    .filter((reading) => reading.state === "fresh")
    .sort((a, b) => (a.readAt < b.readAt ? 1 : -1))[0];
  const old = newest !== undefined && isOutOfDate(newest.readAt, now);
  return (
    <p
      className="text-xs text-zinc-600 dark:text-zinc-400"
      data-live-state={problem ? problem.state : old ? "old" : "fresh"}
    >
      {problem ? (
        <span className="text-amber-800 dark:text-amber-300">
          {problem.state === "refused"
            ? "This data is not available to you"
            : "The latest data could not be read"}
          {problem.reason ? `: ${problem.reason.message}` : "."}{" "}
        </span>
      ) : null}
      {newest ? (
        <>
          {problem ? "Showing data read " : old ? "Data from " : "Live data, read "}
          <LocalTime iso={newest.readAt} />
          {old && !problem ? " — may be out of date." : "."}
        </>
      ) : (
        "No live data yet."
      )}
      {old && readAgain ? (
        <>
          {" "}
          <SecondaryButton
            onClick={readAgain}
            disabled={inFlight || !hydrated}
            className="px-2 py-0.5"
          >
            Read again
          </SecondaryButton>
        </>
      ) : null}
    </p>
  );
}

/**
 * What an answered live block draws: the readings its answer quoted (the ones the server proved
 * at choice time), and when the oldest of them was read. An answer recorded before answers kept
 * their readings draws the frozen first readings, and says so.
 */
export function answeredData(
  answer: UiAnswerView,
  frozen: Record<string, ReadingView>,
): { values: Record<string, UiValue>; readAt: string | null; quoted: boolean } {
  const quoted = Object.entries(answer.readings);
  const readings =
    quoted.length > 0
      ? quoted
      : Object.entries(frozen).filter(([, reading]) => reading.state === "fresh");
  const readAt = readings.map(([, reading]) => reading.readAt).sort()[0] ?? null;
  return {
    values: Object.fromEntries(readings.map(([name, reading]) => [name, reading.value as UiValue])),
    readAt,
    quoted: quoted.length > 0,
  };
}

/** An answered live block's data line: never live, it says when the data it was answered on was read. */
export function AnsweredStatus({ readAt, quoted }: { readAt: string | null; quoted: boolean }) {
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-live-state="answered">
      {readAt === null ? (
        "No data was read for this answer."
      ) : (
        <>
          {quoted ? "Data as answered, read " : "Data as first read, read "}
          <ClockTime iso={readAt} />.
        </>
      )}
    </p>
  );
}
