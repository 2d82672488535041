import { CLOCK_LOCALE, UI_LOCALE } from "./locale";

// The reader's time zone travels in a cookie the browser sets, so the server draws clock times
// ("14:02") in the zone the browser will; without it, both draw UTC until the browser sets it.

const TIME_ZONE_COOKIE = "tz";
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The zone named, when this runtime knows it; null for a missing, malformed or unknown name. */
function knownTimeZone(name: string | undefined | null): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat(UI_LOCALE, { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone named in a request's cookie header, if it is one. */
export function timeZoneFromCookies(header: string | null): string | null {
  const match = header?.split(/;\s*/).find((pair) => pair.startsWith(`${TIME_ZONE_COOKIE}=`));
  return knownTimeZone(match ? decodeURIComponent(match.slice(TIME_ZONE_COOKIE.length + 1)) : null);
}

/** The cookie a browser sets to tell the server its zone. */
export function timeZoneCookie(zone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** A day as "30 Nov" in `zone`, with the year ("1 Mar 2025") when it is not the year of `now` there. */
function dayOfYear(at: number, now: number, zone: string): string {
  const year = new Intl.DateTimeFormat(CLOCK_LOCALE, { year: "numeric", timeZone: zone });
  return new Intl.DateTimeFormat(CLOCK_LOCALE, {
    day: "numeric",
    month: "short",
    ...(year.format(at) === year.format(now) ? {} : { year: "numeric" }),
    timeZone: zone,
  }).format(at);
}

/**
 * A time of day as "14:02" in `zone`, with the date before it ("30 Nov, 14:02") when it is not the
 * same day as `now` there. The same text on the server and in the browser for the same zone.
 */
export function clockTime(at: number, now: number, zone: string): string {
  const time = new Intl.DateTimeFormat(CLOCK_LOCALE, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(at);
  if (calendarDay(at, zone) === calendarDay(now, zone)) return time;
  return `${dayOfYear(at, now, zone)}, ${time}`;
}

const DAY_MS = 86_400_000;

/** The calendar day `at` falls on in `zone`, as a count of days, so two days subtract. */
export function calendarDay(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat(UI_LOCALE, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    timeZone: zone,
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((piece) => piece.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS;
}

/**
 * When a chat last moved, as the chat list says it in `zone`: the time of day today ("14:02"),
 * "Yesterday", then the day ("3 Mar", with the year when it is not this one).
 */
export function listTime(at: number, now: number, zone: string): string {
  const days = calendarDay(now, zone) - calendarDay(at, zone);
  // A time a little ahead of now (two clocks differ) is still today.
  if (days <= 0) return clockTime(at, at, zone);
  if (days === 1) return "Yesterday";
  return dayOfYear(at, now, zone);
}
