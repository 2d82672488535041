import { UI_LOCALE } from "@/components/ui/locale";

// In the app's language, the same on the server and in the browser, so a figure reads the same in
// the server's markup and after hydration.
const number = new Intl.NumberFormat(UI_LOCALE, { maximumFractionDigits: 2 });
const size = new Intl.NumberFormat(UI_LOCALE, { maximumFractionDigits: 1 });

export function formatNumber(value: number): string {
  return number.format(value);
}

export function withUnit(text: string, unit: string | undefined): string {
  if (!unit) return text;
  return unit === "%" ? `${text}%` : `${text} ${unit}`;
}

const BYTE_UNITS = ["B", "kB", "MB", "GB", "TB", "PB"];

export function formatBytes(bytes: number): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${bytes < 0 ? "-" : ""}${unit === 0 ? number.format(value) : size.format(value)} ${BYTE_UNITS[unit]}`;
}

const MILLISECONDS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  sec: 1_000,
  min: 60_000,
  m: 60_000,
  h: 3_600_000,
};

/** A duration in milliseconds, or in the column's `unit` when it names one (`s`, `min`, `h`). */
export function formatDuration(value: number, unit: string | undefined): string {
  const ms = Math.abs(value) * (MILLISECONDS[unit ?? "ms"] ?? 1);
  const sign = value < 0 ? "-" : "";
  if (ms < 1_000) return `${sign}${number.format(ms)} ms`;
  if (ms < 60_000) return `${sign}${size.format(ms / 1_000)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 3_600)
    return `${sign}${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ""}`;
  const minutes = Math.round(seconds / 60);
  return `${sign}${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

// ECMAScript's own date format, which every engine parses alike: a date, or a time with its
// offset. A time without one would parse in each machine's zone, and the server and the browser
// would draw different times.
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO time for a date cell: an ISO date or zoned time, or epoch milliseconds. */
export function toIsoTime(value: unknown): string | null {
  if (typeof value !== "number" && (typeof value !== "string" || !ISO_DATE.test(value)))
    return null;
  const time = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) return null;
  return new Date(time).toISOString();
}
