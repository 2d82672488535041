import { UI_LOCALE } from "./locale";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat(UI_LOCALE, { numeric: "auto" });
// Past a week a date reads better than a count of days. It is drawn in UTC, so the server's markup
// and the browser's agree; the exact local time is in the title.
const date = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: "medium", timeZone: "UTC" });

/**
 * How long ago `at` was, seen at `now` (both epoch milliseconds), in the app's language: "now",
 * "5 minutes ago", "3 hours ago", "yesterday", "6 days ago", then a date. A time slightly ahead of
 * `now` (clocks differ) is "now".
 */
export function relativeTime(at: number, now: number): string {
  const ago = now - at;
  if (!Number.isFinite(ago)) return "";
  if (ago < 45_000) return relative.format(0, "second");
  if (ago < HOUR) return relative.format(-Math.max(1, Math.floor(ago / MINUTE)), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), "day");
  return date.format(at);
}
