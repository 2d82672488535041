import { DEFAULT_LOCALE, type Locale } from "./locale";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Formats = { relative: Intl.RelativeTimeFormat; date: Intl.DateTimeFormat };
const formats = new Map<Locale, Formats>();

function formatsFor(locale: Locale): Formats {
  let found = formats.get(locale);
  if (!found) {
    found = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: "auto" }),
      // Past a week a date reads better than a count of days. It is drawn in UTC, so the server's
      // markup and the browser's agree; the exact local time is in the title.
      date: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }),
    };
    formats.set(locale, found);
  }
  return found;
}

/**
 * How long ago `at` was, seen at `now` (both epoch milliseconds), in the reader's language: "now",
 * "5 minutes ago", "3 hours ago", "yesterday", "6 days ago", then a date. A time slightly ahead of
 * `now` (clocks differ) is "now". The locale is the request's, on the server and in the browser.
 */
export function relativeTime(at: number, now: number, locale: Locale = DEFAULT_LOCALE): string {
  const ago = now - at;
  if (!Number.isFinite(ago)) return "";
  const { relative, date } = formatsFor(locale);
  if (ago < 45_000) return relative.format(0, "second");
  if (ago < HOUR) return relative.format(-Math.max(1, Math.floor(ago / MINUTE)), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), "day");
  return date.format(at);
}
