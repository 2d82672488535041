import { inheritedEnv } from "../env";

/** The environment a test's child process runs with: the test's own, in test mode, with `overrides` on top. */
export function childEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return inheritedEnv({ NODE_ENV: "test", ...overrides });
}
