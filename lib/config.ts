import { z } from "zod";

const DEVELOPMENT_SECRET = "answerable-development-secret-change-me";

// Unset and empty are the same: an `.env` line `OPENAI_API_KEY=` means no key.
const setting = z.string().trim().optional().transform((value) => value || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters: set a long random string (openssl rand -hex 32)").optional(),
  AGENT_DELTA_MS: z.coerce.number().int().min(0).max(2_000).default(35),
  TURN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  APP_ORIGIN: setting,
  // Set by Vercel on its deployments, where its edge sets X-Forwarded-Host, -Proto and -For itself.
  VERCEL: z.string().optional(),
  // Hosts (no scheme) Vercel names the deployment by: its own URL, its branch's, the production domain.
  VERCEL_URL: setting,
  VERCEL_BRANCH_URL: setting,
  VERCEL_PROJECT_PRODUCTION_URL: setting,
  // The port `next start` listens on; it sets PORT itself before any request is served.
  PORT: z.coerce.number().int().min(1).max(65_535).default(3_000),
  TRUSTED_CLIENT_IP_HEADER: setting.pipe(
    z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as x-real-ip").transform((name) => name.toLowerCase()).optional(),
  ),
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  MAX_CHATS_PER_VISITOR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  NEW_VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  NEW_VISITOR_WINDOW_SECONDS: z.coerce.number().int().min(1).max(604_800).default(3_600),
  NEW_VISITORS_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  NEW_VISITOR_INSTANCE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  VISITOR_COOKIE_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(400).default(400),
  CRON_SECRET: z.string().min(16).optional(),
  // 0 turns the instance's own sweep off (an outside scheduler calls the cron route instead).
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
});

const agentEnvSchema = z.object({
  AGENT: setting.pipe(z.enum(["mock", "model"], { error: "AGENT must be mock or model." }).default("mock")),
  AI_MODEL: setting,
  // Only whether a key is set is read here; each provider reads its own key when it calls.
  OPENAI_API_KEY: setting,
  ANTHROPIC_API_KEY: setting,
  AI_GATEWAY_API_KEY: setting,
  AI_CATALOG: setting,
});

// Read only for a model: the mock has no instructions, so a wrong value matters only then.
const catalogSchema = z.enum(["full", "compact"], { error: "AI_CATALOG must be full or compact." }).default("full");

/** How much of the block catalog a model's instructions describe: every component, or props only. */
export type CatalogSetting = z.infer<typeof catalogSchema>;

/** Which agent answers chats: the scripted mock, or a model reached directly or through the AI Gateway. */
export type AgentSetting =
  /** `problem`: why the model asked for cannot run, in one sentence. */
  | { kind: "mock"; problem?: string }
  | ModelSetting;

export type ModelSetting = { kind: "model"; provider: "openai" | "anthropic" | "gateway"; modelId: string; name: string; catalog: CatalogSetting };

const MODEL_NAME = /^([a-z0-9][a-z0-9-]*)\/(\S+)$/;
const DIRECT_KEYS = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" } as const;
const EXAMPLE = "such as openai/gpt-5-mini or anthropic/claude-sonnet-4-5";

export type AppConfig = {
  sessionSecret: string;
  agentDeltaMs: number;
  turnLeaseMs: number;
  /** NODE_ENV=production: state-changing requests then come only from the origins named below. */
  production: boolean;
  /** APP_ORIGIN: the public origins the app is served at (comma-separated in the variable). */
  appOrigins: string[];
  /** The https origins Vercel names the deployment by (VERCEL_URL and the like); none elsewhere. */
  platformOrigins: string[];
  /** The port this instance listens on, for the loopback origins accepted when none is configured. */
  port: number;
  /** Whether X-Forwarded-Host/-Proto/-For come from the platform rather than from any client. */
  trustForwardedHeaders: boolean;
  /** TRUSTED_CLIENT_IP_HEADER: the header, lower-cased, a proxy in front of the app sets to the client's address. */
  clientIpHeader: string | undefined;
  /** Production visitor cookies are `__Host-` prefixed and `Secure`. */
  secureCookies: boolean;
  /** State-changing requests a visitor may make per fixed window, counted in Postgres. */
  rateLimit: RateLimit;
  maxChatsPerVisitor: number;
  /** Visitors that may start their first chat from one network address per fixed window (where the address is known). */
  newVisitorLimit: RateLimit;
  /** Visitors that may start their first chat per window on this instance, counting those whose address is not known. */
  newVisitorsPerInstance: RateLimit;
  /** How long a visitor cookie stays valid unless it is used, and so renewed (seconds). */
  visitorCookieMaxAgeSeconds: number;
  /** What Vercel Cron sends as `Authorization: Bearer …`; without it the sweep route refuses everyone. */
  cronSecret: string | undefined;
  /**
   * How often a long-lived instance (`next start`) sweeps for turns whose process died, so a chat
   * nobody opens still heals; null on Vercel, where Vercel Cron calls the sweep, or when set to 0.
   */
  sweepIntervalMs: number | null;
  agent: AgentSetting;
};

export type RateLimit = { requests: number; windowSeconds: number };

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
  const vercel = env.VERCEL === "1";
  return {
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    agentDeltaMs: env.AGENT_DELTA_MS,
    turnLeaseMs: env.TURN_LEASE_MS,
    production: env.NODE_ENV === "production",
    appOrigins: parseOrigins(env.APP_ORIGIN),
    platformOrigins: vercel ? [env.VERCEL_URL, env.VERCEL_BRANCH_URL, env.VERCEL_PROJECT_PRODUCTION_URL].flatMap((host) => (host ? [`https://${host}`] : [])) : [],
    port: env.PORT,
    trustForwardedHeaders: vercel,
    clientIpHeader: env.TRUSTED_CLIENT_IP_HEADER,
    secureCookies: env.NODE_ENV === "production",
    rateLimit: { requests: env.RATE_LIMIT_REQUESTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    maxChatsPerVisitor: env.MAX_CHATS_PER_VISITOR,
    newVisitorLimit: { requests: env.NEW_VISITORS_PER_ADDRESS, windowSeconds: env.NEW_VISITOR_WINDOW_SECONDS },
    newVisitorsPerInstance: { requests: env.NEW_VISITORS_PER_INSTANCE, windowSeconds: env.NEW_VISITOR_INSTANCE_WINDOW_SECONDS },
    visitorCookieMaxAgeSeconds: env.VISITOR_COOKIE_MAX_AGE_DAYS * 86_400,
    cronSecret: env.CRON_SECRET,
    sweepIntervalMs: env.VERCEL === "1" || env.SWEEP_INTERVAL_SECONDS === 0 ? null : env.SWEEP_INTERVAL_SECONDS * 1_000,
    agent: parseAgentSetting(source),
  };
}

/** `APP_ORIGIN`'s origins, each reduced to scheme, host and port; anything but http(s) URLs is refused. */
function parseOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : null;
      if (url?.protocol !== "https:" && url?.protocol !== "http:") {
        throw new ConfigError(`APP_ORIGIN holds ${entry}, which is not an origin such as https://chat.example.com.`);
      }
      return url.origin;
    });
}

/**
 * The agent the environment asks for. A model needs AI_MODEL as `provider/model` and a key: the
 * provider's own (OpenAI, Anthropic) or the AI Gateway's, which reaches any provider it lists.
 * A model that cannot run (no key, a malformed id) leaves the mock answering, with one sentence
 * saying why, which start-up logs and the home page shows: a chat never fails for it.
 */
export function parseAgentSetting(source: Record<string, string | undefined>): AgentSetting {
  const mock = (problem: string) => ({ kind: "mock", problem }) as const;
  const parsed = agentEnvSchema.safeParse(source);
  if (!parsed.success) return mock(parsed.error.issues[0]!.message);
  const env = parsed.data;
  if (env.AGENT === "mock") return { kind: "mock" };
  if (!env.AI_MODEL) return mock(`AGENT=model needs AI_MODEL, a provider/model id ${EXAMPLE}.`);
  const match = MODEL_NAME.exec(env.AI_MODEL);
  if (!match) return mock(`AI_MODEL=${env.AI_MODEL} is not a provider/model id ${EXAMPLE}.`);
  const [name, provider, modelId] = match as unknown as [string, string, string];
  const catalog = catalogSchema.safeParse(env.AI_CATALOG);
  if (!catalog.success) return mock(catalog.error.issues[0]!.message);
  const direct = provider === "openai" || provider === "anthropic" ? provider : undefined;
  if (direct && env[DIRECT_KEYS[direct]]) return { kind: "model", provider: direct, modelId, name, catalog: catalog.data };
  if (env.AI_GATEWAY_API_KEY) return { kind: "model", provider: "gateway", modelId: name, name, catalog: catalog.data };
  return mock(
    direct
      ? `AI_MODEL=${name} needs ${DIRECT_KEYS[direct]} (or AI_GATEWAY_API_KEY to go through the AI Gateway).`
      : `AI_MODEL=${name} needs AI_GATEWAY_API_KEY: providers other than openai and anthropic are reached through the AI Gateway.`,
  );
}

/** The process's configuration, read once. */
export function appConfig(): AppConfig {
  return (cached ??= parseAppConfig(process.env));
}
