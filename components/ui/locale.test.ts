import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatCount } from "./locale";

const ROOT = join(__dirname, "../..");

/** Every source file the app draws with or runs, tests left out. */
function sources(): Array<{ path: string; text: string }> {
  return ["app", "components", "lib"].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .filter((name) => !name.startsWith("db/generated"))
      .map((name) => ({
        path: `${folder}/${name}`,
        text: readFileSync(join(ROOT, folder, name), "utf8"),
      })),
  );
}

describe("the page's formatting language", () => {
  it("is named in one module: every formatter takes its language from locale.ts", () => {
    // A formatter given another language, or none (the machine's or the browser's), would put a
    // German "vor 5 Minuten" into an English sentence, or draw one text on the server and another
    // in the browser.
    const strays = sources().flatMap(({ path, text }) =>
      [
        ...text.matchAll(
          /Intl\.(?:DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules|ListFormat|DisplayNames)\(([^,)]*)|\.toLocale(?:Date|Time)?String\(/g,
        ),
      ]
        .filter((match) => !/^\s*(?:UI_LOCALE|CLOCK_LOCALE)\s*$/.test(match[1] ?? ""))
        .map((match) => `${path}: ${match[0]}`),
    );
    expect(strays).toEqual([]);
  });

  it("groups a count's digits as English does", () => {
    expect(formatCount(12_000)).toBe("12,000");
  });
});
