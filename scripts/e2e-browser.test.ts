import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Which executables exist, as the test sets them: findChromium asks only existsSync.
const present = new Set<string>();
vi.mock("node:fs", () => ({ existsSync: (path: string) => present.has(path) }));
// Playwright's own download, wherever it would be: absent unless a test adds it.
vi.mock("playwright-core", () => ({ chromium: { executablePath: () => "/playwright/chromium" } }));

const { findChromium } = await import("./e2e-browser");

describe("findChromium", () => {
  beforeEach(() => {
    present.clear();
    vi.stubEnv("CHROMIUM_PATH", "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("gives the tests the headless shell, and the measuring scripts the full browser", () => {
    present.add("/usr/bin/chromium-headless-shell");
    present.add("/usr/bin/chromium");
    expect(findChromium({ for: "tests" })?.executablePath).toBe("/usr/bin/chromium-headless-shell");
    expect(findChromium()?.executablePath).toBe("/usr/bin/chromium");
  });

  it("gives the tests the full browser when the shell is not installed", () => {
    present.add("/usr/bin/chromium");
    expect(findChromium({ for: "tests" })?.executablePath).toBe("/usr/bin/chromium");
  });

  it("never measures with the shell: with only the shell, a measuring script has no browser", () => {
    present.add("/usr/bin/chromium-headless-shell");
    expect(findChromium()).toBeUndefined();
  });

  it("takes CHROMIUM_PATH first, for both, and says when it names nothing", () => {
    present.add("/usr/bin/chromium-headless-shell");
    present.add("/opt/chrome");
    vi.stubEnv("CHROMIUM_PATH", "/opt/chrome");
    expect(findChromium({ for: "tests" })).toEqual({
      executablePath: "/opt/chrome",
      source: "CHROMIUM_PATH",
    });
    expect(findChromium()?.source).toBe("CHROMIUM_PATH");
    vi.stubEnv("CHROMIUM_PATH", "/missing/chrome");
    expect(() => findChromium()).toThrow("CHROMIUM_PATH=/missing/chrome does not exist.");
  });

  it("falls back to Playwright's own download when no system Chromium is installed", () => {
    present.add("/playwright/chromium");
    expect(findChromium({ for: "tests" })).toEqual({
      executablePath: undefined,
      source: "playwright",
    });
  });
});
