import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

/** Runs the start-up check on the stubbed environment; returns the lines it logged before exiting, or null if it went on. */
async function startUp(): Promise<string[] | null> {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  const { assertEnvAtStart } = await import("./server-start");
  assertEnvAtStart();
  if (exit.mock.calls.length === 0) return null;
  expect(exit).toHaveBeenCalledWith(1);
  expect(logged).toHaveBeenCalledOnce();
  return String(logged.mock.calls[0]![0]).split("\n");
}

const HEADING = "The server cannot start: fix these variables (.env.example describes each).";

describe("a production start", () => {
  it("exits with one sentence naming SESSION_SECRET when it is missing or short, instead of serving 500s", async () => {
    for (const secret of [undefined, "short"]) {
      vi.resetModules();
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("SESSION_SECRET", secret);
      const lines = await startUp();
      expect(lines).toHaveLength(2);
      expect(lines![0]).toBe(HEADING);
      expect(lines![1]).toMatch(/^SESSION_SECRET [^\n]+\.$/);
      vi.restoreAllMocks();
    }
  });

  it("starts quietly with a long secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "a-long-enough-production-secret");
    expect(await startUp()).toBeNull();
  });

  it("exits with one sentence for each variable that is missing or malformed, all at once", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", undefined);
    vi.stubEnv("DATABASE_URL", "mysql://127.0.0.1/answerable");
    vi.stubEnv("TURN_LEASE_MS", "soon");
    vi.stubEnv("LINK_REPOSITORY_URL", "javascript:alert(1)");
    expect(await startUp()).toEqual([
      HEADING,
      "SESSION_SECRET is not set: production signs visitor cookies with it; set a random string of at least 16 characters (openssl rand -hex 32).",
      "DATABASE_URL must be a postgres:// URL.",
      "TURN_LEASE_MS must be a whole number from 500 to 600000 (milliseconds).",
      "LINK_REPOSITORY_URL must be an http(s) address such as https://github.com/<owner>/<repo>.",
    ]);
  });
});

describe("the instance's own sweep", () => {
  it("runs every SWEEP_INTERVAL_SECONDS (15 by default) on an unref'd timer, and not at all on Vercel or at 0", async () => {
    const cases: Array<[Record<string, string>, number | null]> = [
      [{}, 15_000],
      [{ SWEEP_INTERVAL_SECONDS: "5" }, 5_000],
      [{ VERCEL: "1" }, null],
      [{ SWEEP_INTERVAL_SECONDS: "0" }, null],
    ];
    for (const [env, interval] of cases) {
      vi.resetModules();
      vi.unstubAllEnvs();
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      const scheduled = vi.spyOn(globalThis, "setTimeout");
      const { startSelfHostedSweep } = await import("./server-start");
      const timer = startSelfHostedSweep();
      expect(timer === null, JSON.stringify(env)).toBe(interval === null);
      if (interval !== null) {
        expect(scheduled).toHaveBeenCalledOnce();
        expect(scheduled.mock.calls[0]![1]).toBe(interval);
        // An unref'd timer never keeps a process (a test run, a script) alive.
        expect((scheduled.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);
      }
      await timer?.stop();
      scheduled.mockRestore();
    }
  });
});
