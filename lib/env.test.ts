import { afterEach, describe, expect, it, vi } from "vitest";
import { appConfig } from "./config";
import { checkEnvAtStart, env, EnvError, parseEnv, parseVariables, resetEnv } from "./env";
import { readDatabaseUrls } from "./db/urls";

const DATABASE = { DATABASE_URL: "postgresql://127.0.0.1/answerable" };

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

/** The sentences `parseEnv` refuses `source` with. */
function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("the environment", () => {
  it("names every wrong variable at once, one sentence each, in the order the module lists them, never quoting a secret", () => {
    const wrong = {
      NODE_ENV: "staging",
      CRON_SECRET: "too-short",
      DATABASE_URL_UNPOOLED: "mysql://app:hunter2@db/app",
      AGENT_DELTA_MS: "-1",
      APP_ORIGIN: "https://chat.example.com,chat.example.org",
      PORT: "80.5",
      TRUSTED_CLIENT_IP_HEADER: "x real ip",
      SWEEP_INTERVAL_SECONDS: "often",
      LINK_REPOSITORY_REF: "../main",
    };
    expect(problems(wrong)).toEqual([
      "NODE_ENV must be development, production or test.",
      "CRON_SECRET must be at least 16 characters: set a long random string (openssl rand -hex 32).",
      "DATABASE_URL_UNPOOLED must be a postgres:// URL.",
      "AGENT_DELTA_MS must be a whole number from 0 to 2000 (milliseconds).",
      "APP_ORIGIN holds chat.example.org, which is not an origin such as https://chat.example.com.",
      "PORT must be a whole number from 1 to 65535.",
      "TRUSTED_CLIENT_IP_HEADER must be a header name such as x-real-ip.",
      "SWEEP_INTERVAL_SECONDS must be a whole number from 0 to 86400 (seconds; 0 turns the sweep off).",
      "LINK_REPOSITORY_REF must be a branch, tag or commit name.",
    ]);
    expect(() => parseEnv(wrong)).toThrow(new EnvError(problems(wrong)).message);
    expect(new EnvError(problems(wrong)).message.split("\n")).toHaveLength(9);
    expect(problems(wrong).join(" ")).not.toMatch(/too-short|hunter2/);
  });

  it("requires SESSION_SECRET in production and a database URL everywhere, except while `next build` evaluates modules", () => {
    expect(problems({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET is not set: production signs visitor cookies with it; set a random string of at least 16 characters (openssl rand -hex 32).",
      "DATABASE_URL is not set: point it at your PostgreSQL (npm run dev and npm test start one and set it themselves).",
    ]);
    expect(problems({ NODE_ENV: "development" })).toEqual([
      expect.stringMatching(/^DATABASE_URL is not set: /),
    ]);
    expect(problems({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toEqual([]);
    expect(problems({ DATABASE_URL_UNPOOLED: DATABASE.DATABASE_URL })).toEqual([]);
    expect(
      problems({
        ...DATABASE,
        NODE_ENV: "production",
        SESSION_SECRET: "a-long-enough-production-secret",
      }),
    ).toEqual([]);
  });

  it("requires CRON_SECRET in production on Vercel, where vercel.json schedules the sweep", () => {
    const production = {
      ...DATABASE,
      NODE_ENV: "production",
      SESSION_SECRET: "a-long-enough-production-secret",
    };
    expect(problems({ ...production, VERCEL: "1" })).toEqual([
      "CRON_SECRET is not set: on Vercel the cron sweep (vercel.json) authenticates with it; set a random string of at least 16 characters (openssl rand -hex 32).",
    ]);
    expect(
      problems({ ...production, VERCEL: "1", CRON_SECRET: "a-long-enough-cron-secret" }),
    ).toEqual([]);
    expect(problems({ ...DATABASE, VERCEL: "1" })).toEqual([]);
  });

  it("treats a blank variable as unset: its default, or missing where it is required", () => {
    const blank = parseEnv({
      ...DATABASE,
      SWEEP_INTERVAL_SECONDS: "",
      TURN_LEASE_MS: "  ",
      LINK_REPOSITORY_URL: "",
      APP_ORIGIN: " ",
    });
    expect(blank).toMatchObject({
      SWEEP_INTERVAL_SECONDS: 15,
      TURN_LEASE_MS: 15_000,
      LINK_REPOSITORY_URL: "https://github.com/vercel/next.js",
      APP_ORIGIN: [],
    });
    expect(problems({ ...DATABASE, NODE_ENV: "production", SESSION_SECRET: "   " })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is not set: /),
    ]);
  });

  it("reads only the variables a script names, with the same rules", () => {
    const source = {
      TURN_LEASE_MS: "soon",
      LINK_REPOSITORY_REF: "../main",
      LINK_REPOSITORY_URL: "https://git.example.com/a/b/",
    };
    expect(() => parseVariables(source, ["LINK_REPOSITORY_REF"])).toThrow(
      /^LINK_REPOSITORY_REF must be a branch, tag or commit name\.$/,
    );
    expect(parseVariables(source, ["LINK_REPOSITORY_URL"]).LINK_REPOSITORY_URL).toBe(
      "https://git.example.com/a/b",
    );
    expect(() => parseVariables({}, ["DATABASE_URL", "DATABASE_URL_UNPOOLED"])).toThrow(
      /^DATABASE_URL is not set: /,
    );
  });

  it("parses this process's environment once, and again, with what is built from it, after resetEnv", () => {
    vi.stubEnv("PORT", "4001");
    resetEnv();
    const first = env();
    expect(first.PORT).toBe(4001);
    expect(appConfig().port).toBe(4001);
    vi.stubEnv("PORT", "4002");
    expect(env()).toBe(first);
    expect(appConfig().port).toBe(4001);
    resetEnv();
    expect(env().PORT).toBe(4002);
    expect(appConfig().port).toBe(4002);
  });

  it("lets a process that never opens the database read its settings without a URL; reading the URL, or starting, requires it", () => {
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("DATABASE_URL_UNPOOLED", "");
    resetEnv();
    expect(appConfig().agent.kind).toBeDefined();
    expect(() => readDatabaseUrls()).toThrow(/^DATABASE_URL is not set: /);
    expect(() => checkEnvAtStart()).toThrow(/^DATABASE_URL is not set: /);
  });
});
