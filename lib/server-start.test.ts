import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("a production start", () => {
  it("exits with one sentence naming SESSION_SECRET when it is missing or short, instead of serving 500s", async () => {
    for (const secret of [undefined, "short"]) {
      vi.resetModules();
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("SESSION_SECRET", secret);
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
      const { assertConfigAtStart } = await import("./server-start");
      assertConfigAtStart();
      expect(exit).toHaveBeenCalledWith(1);
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]![0])).toMatch(/^Configuration error: SESSION_SECRET [^\n]+\.$/);
      logged.mockRestore();
      exit.mockRestore();
    }
  });

  it("starts quietly with a long secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "a-long-enough-production-secret");
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const { assertConfigAtStart } = await import("./server-start");
    assertConfigAtStart();
    expect(exit).not.toHaveBeenCalled();
  });

  it("exits with one sentence naming LINK_REPOSITORY_URL when links would go to an address that is not a web one", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "a-long-enough-production-secret");
    vi.stubEnv("LINK_REPOSITORY_URL", "javascript:alert(1)");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const { assertConfigAtStart } = await import("./server-start");
    assertConfigAtStart();
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(logged.mock.calls[0]![0])).toMatch(/^Configuration error: LINK_REPOSITORY_URL must be an http\(s\) address/);
  });
});

describe("the instance's own sweep", () => {
  it("runs every SWEEP_INTERVAL_SECONDS (15 by default) on an unref'd timer, and not at all on Vercel or at 0", async () => {
    const cases: Array<[Record<string, string>, number | null]> = [[{}, 15_000], [{ SWEEP_INTERVAL_SECONDS: "5" }, 5_000], [{ VERCEL: "1" }, null], [{ SWEEP_INTERVAL_SECONDS: "0" }, null]];
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
