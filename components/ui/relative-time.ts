const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Past a week a date reads better than a count of days. It is drawn in UTC in one locale, so the
// server's markup and the browser's agree; the exact local time is in the title.
const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * How long ago `at` was, seen at `now` (both epoch milliseconds): "just now", "5 min ago",
 * "3 h ago", "2 days ago", then a date. A time slightly ahead of `now` (clocks differ) is "just now".
 */
export function relativeTime(at: number, now: number): string {
  const ago = now - at;
  if (!Number.isFinite(ago)) return "";
  if (ago < 45_000) return "just now";
  if (ago < HOUR) return `${Math.max(1, Math.floor(ago / MINUTE))} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? "1 day ago" : `${days} days ago`;
  }
  return DATE.format(at);
}
