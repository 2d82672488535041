import "server-only";
import * as z from "zod/mini";
import { THEMES, type Theme } from "./theme";

// The theme cookie as the server reads it, to draw the chosen theme in its first markup; the
// page's scripts only set it (theme.ts).

/** A cookie's value as a theme: anything else (missing, edited, from an older app) is "system". */
const themeSchema = z.catch(z.enum(THEMES), "system");

export function readTheme(value: string | undefined): Theme {
  return themeSchema.parse(value);
}
