// What the Deploy with Vercel button leaves a deployment: the two secrets the person types in and
// the two URLs Neon's integration sets. The parity build and instances get only these.
import { ENV_NAMES } from "../../lib/env";

export const PARITY_SECRET = "test-secret-for-production-parity-runs";
export const PARITY_CRON_SECRET = "test-cron-secret-for-production-parity-runs";

// Set by the platform or by Next itself, never by the person deploying.
const PLATFORM = new Set(["NODE_ENV", "NEXT_PHASE", "NEXT_RUNTIME", "PORT"]);

/** Every other app variable blank, which the app reads as unset; `extra` for the test's pacing. */
export function deployButtonEnvironment(pooled: string, direct: string, extra: Record<string, string> = {}): Record<string, string> {
  const blank = Object.fromEntries(ENV_NAMES.filter((name) => !PLATFORM.has(name)).map((name) => [name, ""]));
  return { ...blank, DATABASE_URL: pooled, DATABASE_URL_UNPOOLED: direct, SESSION_SECRET: PARITY_SECRET, CRON_SECRET: PARITY_CRON_SECRET, ...extra };
}
