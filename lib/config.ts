import { z } from "zod";

const DEVELOPMENT_SECRET = "answerable-development-secret-change-me";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters: set a long random string (openssl rand -hex 32)").optional(),
  AGENT_DELTA_MS: z.coerce.number().int().min(0).max(2_000).default(35),
  TURN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  APP_ORIGIN: z.url().optional(),
  // Set by Vercel on its deployments, where its edge sets X-Forwarded-Host and -Proto itself.
  VERCEL: z.string().optional(),
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
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

let cached: AppConfig | undefined;

/** Reads configuration from an environment; production refuses to start without a session secret. */
export function parseAppConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(source);
  // One sentence naming the variable, for a start-up log or a failed build, not a dump of issues.
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}.`).join(" "));
  const env = parsed.data;
  // `next build` evaluates modules without runtime secrets; every other production start needs one.
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET && source.NEXT_PHASE !== "phase-production-build") {
    throw new ConfigError("SESSION_SECRET is not set: production signs visitor cookies with it; set a long random string (openssl rand -hex 32).");
  }
  return {
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    agentDeltaMs: env.AGENT_DELTA_MS,
    turnLeaseMs: env.TURN_LEASE_MS,
    appOrigin: env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : undefined,
    trustForwardedHeaders: env.VERCEL === "1",
    secureCookies: env.NODE_ENV === "production",
  };
}

/** The process's configuration, read once. */
export function appConfig(): AppConfig {
  return (cached ??= parseAppConfig(process.env));
}
