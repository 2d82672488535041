import { z } from "zod";

const DEVELOPMENT_SECRET = "answerable-development-secret-change-me";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(16).optional(),
  AGENT_DELTA_MS: z.coerce.number().int().min(0).max(2_000).default(35),
  TURN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  APP_ORIGIN: z.url().optional(),
  // Set by Vercel on its deployments, where its edge sets X-Forwarded-Host and -Proto itself.
  VERCEL: z.string().optional(),
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  MAX_CHATS_PER_VISITOR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  CRON_SECRET: z.string().min(16).optional(),
});

export type AppConfig = {
  sessionSecret: string;
  agentDeltaMs: number;
  turnLeaseMs: number;
  appOrigin: string | undefined;
  /** Whether X-Forwarded-Host/-Proto come from the platform rather than from any client. */
  trustForwardedHeaders: boolean;
  /** Production visitor cookies are `__Host-` prefixed and `Secure`. */
  secureCookies: boolean;
  /** State-changing requests a visitor may make per fixed window, counted in Postgres. */
  rateLimit: RateLimit;
  maxChatsPerVisitor: number;
  /** What Vercel Cron sends as `Authorization: Bearer …`; without it the sweep route refuses everyone. */
  cronSecret: string | undefined;
};

export type RateLimit = { requests: number; windowSeconds: number };

let cached: AppConfig | undefined;

/** Reads configuration from an environment; production refuses to start without a session secret. */
export function parseAppConfig(source: Record<string, string | undefined>): AppConfig {
  const env = envSchema.parse(source);
  // `next build` evaluates modules without runtime secrets; every other production start needs one.
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET && source.NEXT_PHASE !== "phase-production-build") {
    throw new Error("SESSION_SECRET must be set in production (at least 16 characters).");
  }
  return {
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    agentDeltaMs: env.AGENT_DELTA_MS,
    turnLeaseMs: env.TURN_LEASE_MS,
    appOrigin: env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : undefined,
    trustForwardedHeaders: env.VERCEL === "1",
    secureCookies: env.NODE_ENV === "production",
    rateLimit: { requests: env.RATE_LIMIT_REQUESTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    maxChatsPerVisitor: env.MAX_CHATS_PER_VISITOR,
    cronSecret: env.CRON_SECRET,
  };
}

/** The process's configuration, read once. */
export function appConfig(): AppConfig {
  return (cached ??= parseAppConfig(process.env));
}
