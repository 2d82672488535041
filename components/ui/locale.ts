// The languages times and figures are drawn in; the words of the app stay English.
export const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const counts = new Map<Locale, Intl.NumberFormat>();

/** A whole count as the reader's language writes it ("1,234" in English, "1.234" in German). */
export function formatCount(value: number, locale: Locale): string {
  let format = counts.get(locale);
  if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
