import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./request-preferences";

describe("negotiateLocale", () => {
  it("takes the supported language the reader weighs highest", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLocale("sv-SE, fr-CH;q=0.7, en;q=0.9")).toBe("en");
    expect(negotiateLocale("sv, fr;q=0.5")).toBe("fr");
  });

  it("falls back to English for no header, none supported, a refusal or a wildcard", () => {
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale("sv-SE, fi")).toBe("en");
    expect(negotiateLocale("de;q=0")).toBe("en");
    expect(negotiateLocale("*, de;q=0.5")).toBe("en");
  });

  it("skips ranges it cannot read and ignores a header too long to be a browser's", () => {
    expect(negotiateLocale("<script>, de;q=oops, fr;q=0.4")).toBe("fr");
    expect(negotiateLocale(`de,${"x".repeat(1_100)}`)).toBe("en");
  });
});
