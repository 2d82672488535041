// The app's settings, built from the environment (lib/env.ts).
import { derived, type Env, type EnvSource, parseEnv, parseVariables } from "./env";

const DEVELOPMENT_SECRET = "answerable-development-secret-change-me";
const CATALOGS = ["full", "compact"] as const;

/** Every component, or props only. */
export type CatalogSetting = (typeof CATALOGS)[number];

export type AgentSetting =
  /** `problem`: why the requested model cannot run, in one sentence. */
  { kind: "mock"; problem?: string } | ModelSetting;

export type ModelSetting = {
  kind: "model";
  provider: "openai" | "anthropic" | "gateway";
  modelId: string;
  name: string;
  catalog: CatalogSetting;
};

const MODEL_NAME = /^([a-z0-9][a-z0-9-]*)\/(\S+)$/;
const DIRECT_KEYS = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" } as const;
const EXAMPLE = "such as openai/gpt-5-mini or anthropic/claude-sonnet-4-5";

export type AppConfig = {
  sessionSecret: string;
  agentDeltaMs: number;
  turnLeaseMs: number;
  /** NODE_ENV=production: state-changing requests then come only from the origins named below. */
  production: boolean;
  /** APP_ORIGIN (comma-separated). */
  appOrigins: string[];
  /** VERCEL_URL and the like; none elsewhere. */
  platformOrigins: string[];
  /** For the loopback origins accepted when none is configured. */
  port: number;
  /** Whether X-Forwarded-Host/-Proto/-For come from the platform rather than from any client. */
  trustForwardedHeaders: boolean;
  /** TRUSTED_CLIENT_IP_HEADER, lower-cased: set by a proxy in front of the app to the client's address. */
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
  /** Null on Vercel (its cron calls the sweep) or when set to 0. */
  sweepIntervalMs: number | null;
  agent: AgentSetting;
};

export type RateLimit = { requests: number; windowSeconds: number };

/** Throws an EnvError naming each wrong variable. */
export function parseAppConfig(source: EnvSource): AppConfig {
  return appConfigFrom(parseEnv(source));
}

export const appConfig = derived(appConfigFrom);

function appConfigFrom(env: Env): AppConfig {
  return {
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    agentDeltaMs: env.AGENT_DELTA_MS,
    turnLeaseMs: env.TURN_LEASE_MS,
    production: env.NODE_ENV === "production",
    appOrigins: env.APP_ORIGIN,
    platformOrigins: env.VERCEL
      ? [env.VERCEL_URL, env.VERCEL_BRANCH_URL, env.VERCEL_PROJECT_PRODUCTION_URL].flatMap(
          (host) => (host ? [`https://${host}`] : []),
        )
      : [],
    port: env.PORT,
    trustForwardedHeaders: env.VERCEL,
    clientIpHeader: env.TRUSTED_CLIENT_IP_HEADER,
    secureCookies: env.NODE_ENV === "production",
    rateLimit: { requests: env.RATE_LIMIT_REQUESTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    maxChatsPerVisitor: env.MAX_CHATS_PER_VISITOR,
    newVisitorLimit: {
      requests: env.NEW_VISITORS_PER_ADDRESS,
      windowSeconds: env.NEW_VISITOR_WINDOW_SECONDS,
    },
    newVisitorsPerInstance: {
      requests: env.NEW_VISITORS_PER_INSTANCE,
      windowSeconds: env.NEW_VISITOR_INSTANCE_WINDOW_SECONDS,
    },
    visitorCookieMaxAgeSeconds: env.VISITOR_COOKIE_MAX_AGE_DAYS * 86_400,
    cronSecret: env.CRON_SECRET,
    sweepIntervalMs:
      env.VERCEL || env.SWEEP_INTERVAL_SECONDS === 0 ? null : env.SWEEP_INTERVAL_SECONDS * 1_000,
    agent: agentSettingFrom(env),
  };
}

const AGENT_VARIABLES = [
  "AGENT",
  "AI_MODEL",
  "AI_CATALOG",
  "OPENAI_API_KEY",
  "ANTHROPIC_API_KEY",
  "AI_GATEWAY_API_KEY",
] as const;

/**
 * AI_MODEL is `provider/model` with the provider's key or the AI Gateway's. A model that cannot run
 * leaves the mock answering with one sentence why: a chat never fails for it.
 */
export function parseAgentSetting(source: EnvSource): AgentSetting {
  return agentSettingFrom(parseVariables(source, AGENT_VARIABLES));
}

function agentSettingFrom(env: Pick<Env, (typeof AGENT_VARIABLES)[number]>): AgentSetting {
  const mock = (problem: string) => ({ kind: "mock", problem }) as const;
  if (env.AGENT !== undefined && env.AGENT !== "mock" && env.AGENT !== "model")
    return mock("AGENT must be mock or model.");
  if (env.AGENT !== "model") return { kind: "mock" };
  if (!env.AI_MODEL) return mock(`AGENT=model needs AI_MODEL, a provider/model id ${EXAMPLE}.`);
  const match = MODEL_NAME.exec(env.AI_MODEL);
  if (!match) return mock(`AI_MODEL=${env.AI_MODEL} is not a provider/model id ${EXAMPLE}.`);
  const [name, provider, modelId] = match as unknown as [string, string, string];
  // Read only for a model: the mock has no instructions, so a wrong value matters only then.
  const catalog = CATALOGS.find((known) => known === (env.AI_CATALOG ?? "full"));
  if (!catalog) return mock("AI_CATALOG must be full or compact.");
  const direct = provider === "openai" || provider === "anthropic" ? provider : undefined;
  if (direct && env[DIRECT_KEYS[direct]])
    return { kind: "model", provider: direct, modelId, name, catalog };
  if (env.AI_GATEWAY_API_KEY)
    return { kind: "model", provider: "gateway", modelId: name, name, catalog };
  return mock(
    direct
      ? `AI_MODEL=${name} needs ${DIRECT_KEYS[direct]} (or AI_GATEWAY_API_KEY to go through the AI Gateway).`
      : `AI_MODEL=${name} needs AI_GATEWAY_API_KEY: providers other than openai and anthropic are reached through the AI Gateway.`,
  );
}
