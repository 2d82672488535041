import { z } from "zod";

const DEVELOPMENT_SECRET = "answerable-development-secret-change-me";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(16).optional(),
  AGENT_DELTA_MS: z.coerce.number().int().min(0).max(2_000).default(35),
  TURN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  APP_ORIGIN: z.url().optional(),
});

export type AppConfig = {
  sessionSecret: string;
  agentDeltaMs: number;
  turnLeaseMs: number;
  appOrigin: string | undefined;
};

let cached: AppConfig | undefined;

/** Reads the environment once; production refuses to start without a real session secret. */
export function appConfig(): AppConfig {
  if (cached) return cached;
  const env = envSchema.parse(process.env);
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET && !process.env.NEXT_PHASE) {
    throw new Error("SESSION_SECRET must be set in production (at least 16 characters).");
  }
  cached = {
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    agentDeltaMs: env.AGENT_DELTA_MS,
    turnLeaseMs: env.TURN_LEASE_MS,
    appOrigin: env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : undefined,
  };
  return cached;
}
