import "server-only";
import * as z from "zod/mini";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale";
import { THEMES, type Theme } from "./theme";

// What a page request says of its reader: the theme cookie and Accept-Language, read on the
// server, which draws both into its first markup. The page's scripts only format with them.

/** A cookie's value as a theme: anything else (missing, edited, from an older app) is "system". */
const themeSchema = z.catch(z.enum(THEMES), "system");

export function readTheme(value: string | undefined): Theme {
  return themeSchema.parse(value);
}

// One language range of Accept-Language (RFC 9110 §12.5.4): "de-DE;q=0.8", "en", "*".
const RANGE = /^([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*$|^\*$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

type LanguageRange = { language: string; q: number };

// A range it cannot read is null, to be skipped: one odd entry does not cost the reader the rest.
const rangeSchema = z.pipe(
  z.string(),
  z.transform((entry: string): LanguageRange | null => {
    const [tag = "", ...params] = entry.split(";").map((piece) => piece.trim());
    const language = RANGE.exec(tag);
    const quality = params.length === 0 ? "q=1" : params.length === 1 ? params[0] : "";
    const q = quality ? QUALITY.exec(quality) : null;
    if (!language || !q) return null;
    return { language: (language[1] ?? "*").toLowerCase(), q: Number(q[1]) };
  }),
);

/** A request's Accept-Language; a header too long to be a browser's is refused whole. */
const acceptLanguageSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(1_024)),
    z.transform((header: string) => header.split(",")),
  ),
  z.array(rangeSchema),
);

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language);
}

/** The supported language the reader prefers most, by Accept-Language; English when none fits. */
export function negotiateLocale(header: string | null | undefined): Locale {
  const parsed = acceptLanguageSchema.safeParse(header);
  if (!parsed.success) return DEFAULT_LOCALE;
  // A stable sort keeps the header's own order among ranges of equal weight.
  const ranges = parsed.data
    .filter((range): range is LanguageRange => range !== null && range.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { language } of ranges) {
    if (language === "*") return DEFAULT_LOCALE;
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
