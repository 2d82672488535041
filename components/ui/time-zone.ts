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
  const day = new Intl.DateTimeFormat(CLOCK_LOCALE, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: zone,
  });
  if (day.format(at) === day.format(now)) return time;
  const sameYear = new Intl.DateTimeFormat(CLOCK_LOCALE, { year: "numeric", timeZone: zone });
  const date = new Intl.DateTimeFormat(CLOCK_LOCALE, {
    day: "numeric",
    month: "short",
    ...(sameYear.format(at) === sameYear.format(now) ? {} : { year: "numeric" }),
    timeZone: zone,
  });
  return `${date.format(at)}, ${time}`;
}
