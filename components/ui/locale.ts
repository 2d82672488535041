// The app's words are English, so the times, dates and figures inside its sentences are English
// too: "Live data, read 5 minutes ago", never "read vor 5 Minuten". Every formatter on the page
// takes its language from here, the server's and the browser's alike, so hydration matches and
// no machine's or browser's own language leaks in. Only the time zone is the reader's (time-zone.ts).

/** The language of relative times, dates and figures. */
export const UI_LOCALE = "en";

/**
 * The same language with a 24-hour clock and the day before the month ("30 Nov, 14:02"), for clock
 * times, which read the same to readers used to either order.
 */
export const CLOCK_LOCALE = "en-GB";

const count = new Intl.NumberFormat(UI_LOCALE);

/** A whole count with its digits grouped ("1,234"). */
export function formatCount(value: number): string {
  return count.format(value);
}
