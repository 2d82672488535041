// What the Deploy with Vercel button leaves a deployment: the two secrets the person types in and
// the two URLs Neon's integration sets. The parity build and instances get only these.
import { ENV_NAMES } from "../../lib/env";

export const PARITY_SECRET = "test-secret-for-production-parity-runs";
export const PARITY_CRON_SECRET = "test-cron-secret-for-production-parity-runs";

// Set by the platform or by Next itself, never by the person deploying.
const PLATFORM = new Set<string>(["NODE_ENV", "NEXT_PHASE", "NEXT_RUNTIME", "PORT"]);

/** The four variables, and `extra` for the test's pacing. */
export function deployButtonEnvironment(
  pooled: string,
  direct: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: pooled,
    DATABASE_URL_UNPOOLED: direct,
    SESSION_SECRET: PARITY_SECRET,
    CRON_SECRET: PARITY_CRON_SECRET,
    ...extra,
  };
}

/**
 * A process environment without any variable the app reads, so a child started from it (the build,
 * Playwright and the instances it starts) sees only what it is given. Removed, not blanked: the
 * AI SDK's providers read some of them (OPENAI_BASE_URL…) themselves, and a blank is not unset to them.
 */
export function withoutAppVariables(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => PLATFORM.has(name) || !(ENV_NAMES as readonly string[]).includes(name),
    ),
  );
}
