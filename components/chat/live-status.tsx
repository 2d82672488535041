import { LocalTime } from "@/components/ui/local-time";
import type { ReadingView } from "@/lib/chat/wire";

/**
 * How fresh a live block's data is. A failed or refused read says why; the block keeps drawing
 * the last good value, which this line marks as older.
 */
export function LiveStatus({ latest }: { latest: readonly ReadingView[] }) {
  const problem = latest.find((reading) => reading.state !== "fresh");
  const newest = latest.filter((reading) => reading.state === "fresh").sort((a, b) => (a.readAt < b.readAt ? 1 : -1))[0];
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-live-state={problem ? problem.state : "fresh"}>
      {problem ? (
        <span className="text-amber-800 dark:text-amber-300">
          {problem.state === "refused" ? "This data is not available to you" : "The latest data could not be read"}
          {problem.reason ? `: ${problem.reason.message}` : "."}{" "}
        </span>
      ) : null}
      {newest ? (
        <>
          {problem ? "Showing data read " : "Live data, read "}
          <LocalTime iso={newest.readAt} />.
        </>
      ) : (
        "No live data yet."
      )}
    </p>
  );
}
