"use client";

import { createContext, useCallback, useContext, useId, useMemo, useState } from "react";
import { type Theme, THEMES, themeCookie } from "@/components/ui/theme";

const LABEL: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

type ThemeChoice = { theme: Theme; choose: (theme: Theme) => void };

const ThemeContext = createContext<ThemeChoice | null>(null);

/**
 * The reader's theme, as the server drew it from the cookie. A choice restyles the page at once
 * (the `<html>` attribute the stylesheet's dark variant reads) and is kept for the next request.
 */
export function ThemeProvider({
  initial,
  children,
}: {
  initial: Theme;
  children: React.ReactNode;
}) {
  const [theme, setTheme] = useState(initial);
  const choose = useCallback((next: Theme) => {
    document.documentElement.dataset.theme = next;
    document.cookie = themeCookie(next);
    setTheme(next);
  }, []);
  const value = useMemo(() => ({ theme, choose }), [theme, choose]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** Light, dark or the device's own: a radio group, so arrow keys move between the three. */
export function ThemeSwitch() {
  const choice = useContext(ThemeContext);
  // The list is drawn twice (beside the page and in the phone's sheet): each group is its own.
  const name = useId();
  if (!choice) return null;
  return (
    <fieldset className="flex items-center gap-2 px-1 text-sm">
      <legend className="sr-only">Theme</legend>
      <span aria-hidden className="text-zinc-600 dark:text-zinc-400">
        Theme
      </span>
      <div className="flex flex-1 rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
        {THEMES.map((theme) => (
          <label
            key={theme}
            className="relative flex-1 cursor-pointer rounded px-2 py-1 text-center has-checked:bg-zinc-200 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:has-checked:bg-zinc-700"
          >
            {/* The radio covers its label, unseen: a click anywhere on the label lands on it. */}
            <input
              type="radio"
              name={name}
              value={theme}
              checked={choice.theme === theme}
              onChange={() => choice.choose(theme)}
              className="absolute inset-0 cursor-pointer appearance-none rounded opacity-0"
            />
            {LABEL[theme]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
