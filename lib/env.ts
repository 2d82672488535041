// The one reader of the process environment; server code reads `env()` or a view built on it.
// No `import "server-only"`: scripts read their database URLs through it too.
import { z } from "zod";

export type EnvSource = Record<string, string | undefined>;

const BUILD_PHASE = "phase-production-build";

/** A whole number within bounds; the sentence says which bounds, and `unit` what they count. */
function wholeNumber(min: number, max: number, fallback: number, unit = "") {
  const error = `must be a whole number from ${min} to ${max}${unit && ` (${unit})`}`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback);
}

const text = z.string().trim().optional();
const secret = z
  .string()
  .min(16, "must be at least 16 characters: set a long random string (openssl rand -hex 32)")
  .optional();
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
  .optional();
const ORIGIN_EXAMPLE = "such as https://chat.example.com";
const REF_ERROR = "must be a branch, tag or commit name";

/** Each reduced to scheme, host and port. */
const origins = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const urls = entries.map((entry) => (URL.canParse(entry) ? new URL(entry) : null));
    const wrong = entries.find(
      (_, index) => urls[index]?.protocol !== "https:" && urls[index]?.protocol !== "http:",
    );
    if (wrong === undefined) return urls.map((url) => url!.origin);
    context.addIssue({
      code: "custom",
      message: `holds ${wrong}, which is not an origin ${ORIGIN_EXAMPLE}`,
    });
    return z.NEVER;
  });

const variables = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "must be development, production or test",
    })
    .default("development"),
  // Set by `next build` while it evaluates modules, without runtime secrets.
  NEXT_PHASE: text,
  // Written into Next's server bundles (see `processSource`); tests and scripts run without it.
  NEXT_RUNTIME: text,
  // Signs visitor cookies and the app's requests to itself; production requires it.
  SESSION_SECRET: secret,
  // Without it the sweep route refuses everyone.
  CRON_SECRET: secret,
  DATABASE_URL: postgresUrl,
  // The direct URL, for LISTEN and migrations, where DATABASE_URL goes through a transaction pooler.
  DATABASE_URL_UNPOOLED: postgresUrl,
  AGENT_DELTA_MS: wholeNumber(0, 2_000, 35, "milliseconds"),
  TURN_LEASE_MS: wholeNumber(500, 600_000, 15_000, "milliseconds"),
  APP_ORIGIN: origins,
  // The port `next start` listens on; it sets PORT itself before any request is served.
  PORT: wholeNumber(1, 65_535, 3_000),
  // Set by Vercel on its deployments, where its edge sets X-Forwarded-Host, -Proto and -For itself.
  VERCEL: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  // Hosts (no scheme): the deployment's own URL, its branch's, the production domain.
  VERCEL_URL: text,
  VERCEL_BRANCH_URL: text,
  VERCEL_PROJECT_PRODUCTION_URL: text,
  // Set by Vercel when Protection Bypass for Automation is on: protected previews admit the hand-off.
  VERCEL_AUTOMATION_BYPASS_SECRET: z.string().optional(),
  TRUSTED_CLIENT_IP_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as x-real-ip")
    .transform((name) => name.toLowerCase())
    .optional(),
  RATE_LIMIT_REQUESTS: wholeNumber(1, 1_000_000, 120),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber(1, 86_400, 60, "seconds"),
  MAX_CHATS_PER_VISITOR: wholeNumber(1, 1_000_000, 200),
  NEW_VISITORS_PER_ADDRESS: wholeNumber(1, 1_000_000, 20),
  NEW_VISITOR_WINDOW_SECONDS: wholeNumber(1, 604_800, 3_600, "seconds"),
  NEW_VISITORS_PER_INSTANCE: wholeNumber(1, 1_000_000, 300),
  NEW_VISITOR_INSTANCE_WINDOW_SECONDS: wholeNumber(1, 86_400, 60, "seconds"),
  VISITOR_COOKIE_MAX_AGE_DAYS: wholeNumber(1, 400, 400, "days"),
  // 0 turns the instance's own sweep off (an outside scheduler calls the cron route instead).
  SWEEP_INTERVAL_SECONDS: wholeNumber(0, 86_400, 15, "seconds; 0 turns the sweep off"),
  LINK_REPOSITORY_URL: z
    .string()
    .trim()
    .pipe(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http(s) address such as https://github.com/<owner>/<repo>",
        })
        .refine((url) => !/[?#]/.test(url), "must have no query or fragment"),
    )
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://github.com/vercel/next.js"),
  // A branch, tag or commit; HEAD is the repository's default branch.
  LINK_REPOSITORY_REF: z
    .string()
    .trim()
    .max(256, REF_ERROR)
    .regex(/^[\w.-]+(\/[\w.-]+)*$/, REF_ERROR)
    .refine(
      (ref) => ref.split("/").every((segment) => segment !== "." && segment !== ".."),
      REF_ERROR,
    )
    .default("HEAD"),
  // Read leniently: a model that cannot run leaves the mock answering (lib/config.ts), never stops the server.
  AGENT: text,
  AI_MODEL: text,
  AI_CATALOG: text,
  OPENAI_API_KEY: text,
  ANTHROPIC_API_KEY: text,
  AI_GATEWAY_API_KEY: text,
  // Where a provider is pointed at a compatible server; the providers read these too.
  OPENAI_BASE_URL: text,
  ANTHROPIC_BASE_URL: text,
});

export type Env = z.output<typeof variables>;
export type EnvName = keyof Env;
const NAMES = Object.keys(variables.shape) as EnvName[];
/** Every variable the app reads. */
export const ENV_NAMES: readonly EnvName[] = NAMES;

// Unset and blank are the same: an `.env` line `OPENAI_API_KEY=` means no key.
function given(source: EnvSource, name: EnvName): string | undefined {
  return source[name]?.trim() ? source[name] : undefined;
}

type Requirement = { when: (source: EnvSource) => boolean; missing: string };

/** Variables required only in some settings; none is while `next build` evaluates modules. */
const REQUIRED: Record<"SESSION_SECRET" | "CRON_SECRET" | "DATABASE_URL", Requirement> = {
  SESSION_SECRET: {
    when: (source) => given(source, "NODE_ENV") === "production",
    missing:
      "is not set: production signs visitor cookies with it; set a random string of at least 16 characters (openssl rand -hex 32)",
  },
  // vercel.json schedules the sweep, and Vercel Cron can only reach it with the secret.
  CRON_SECRET: {
    when: (source) => given(source, "NODE_ENV") === "production" && given(source, "VERCEL") === "1",
    missing:
      "is not set: on Vercel the cron sweep (vercel.json) authenticates with it; set a random string of at least 16 characters (openssl rand -hex 32)",
  },
  DATABASE_URL: {
    when: (source) => given(source, "DATABASE_URL_UNPOOLED") === undefined,
    missing:
      "is not set: point it at your PostgreSQL (npm run dev and npm test start one and set it themselves)",
  },
};

/** One sentence per variable, in the order above. */
export class EnvError extends Error {
  override name = "EnvError";
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** For a caller that finds a required variable missing after the check. */
export function missingVariable(name: keyof typeof REQUIRED): EnvError {
  return new EnvError([`${name} ${REQUIRED[name].missing}.`]);
}

export function parseEnv(source: EnvSource): Env {
  return parseVariables(source, NAMES);
}

/** Same rules, for scripts and tests of one concern; `unrequired` are checked where they are read. */
export function parseVariables<Name extends EnvName>(
  source: EnvSource,
  names: readonly Name[],
  { unrequired = [] }: { unrequired?: readonly EnvName[] } = {},
): Pick<Env, Name> {
  const values = Object.fromEntries(names.map((name) => [name, given(source, name)]));
  // The variables not named are parsed as unset, which never fails.
  const parsed = variables.safeParse(values);
  const problems = new Map<string, string>();
  for (const issue of parsed.error?.issues ?? []) {
    const name = String(issue.path[0]);
    if (!problems.has(name)) problems.set(name, `${name} ${issue.message}.`);
  }
  if (source.NEXT_PHASE !== BUILD_PHASE) {
    for (const name of names) {
      const rule: Requirement | undefined = unrequired.includes(name)
        ? undefined
        : REQUIRED[name as keyof typeof REQUIRED];
      if (rule && values[name] === undefined && rule.when(source))
        problems.set(name, `${name} ${rule.missing}.`);
    }
  }
  if (problems.size > 0 || !parsed.success)
    throw new EnvError(names.flatMap((name) => problems.get(name) ?? []));
  return parsed.data;
}

function processSource(): EnvSource {
  // Next replaces these two by name when it bundles, and NEXT_RUNTIME exists only there.
  return { ...process.env, NODE_ENV: process.env.NODE_ENV, NEXT_RUNTIME: process.env.NEXT_RUNTIME };
}

let cached: Env | undefined;

/**
 * Parsed once. The database URL is required where it is read (`readDatabaseUrls`), so a process
 * that never opens the database (a script's client side) reads its other settings without one.
 */
export function env(): Env {
  return (cached ??= parseVariables(processSource(), NAMES, { unrequired: ["DATABASE_URL"] }));
}

/** The start-up check: every variable, every rule, each problem in one sentence (EnvError). */
export function checkEnvAtStart(): Env {
  return (cached = parseEnv(processSource()));
}

/** For tests that change `process.env` (`vi.stubEnv`). */
export function resetEnv(): void {
  cached = undefined;
}

/** Built once, and again only after `resetEnv`. */
export function derived<T>(build: (from: Env) => T): () => T {
  let memo: { from: Env; value: T } | undefined;
  return () => {
    const from = env();
    if (memo?.from !== from) memo = { from, value: build(from) };
    return memo.value;
  };
}
