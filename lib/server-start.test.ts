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
