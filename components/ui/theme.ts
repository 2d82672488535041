// The reader's choice of colours travels in a cookie, so the server draws the chosen theme in its
// first markup (no flash of the other one); "system" follows the device's prefers-color-scheme.

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "theme";
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The cookie a browser sets to keep the reader's choice. */
export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
