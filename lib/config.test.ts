import { describe, expect, it } from "vitest";
import { parseAgentSetting, parseAppConfig } from "./config";

// Every configuration needs a database; these tests are about the rest.
const configOf = (source: Record<string, string | undefined>) =>
  parseAppConfig({ DATABASE_URL: "postgresql://127.0.0.1/answerable", ...source });

describe("app configuration", () => {
  it("refuses a production start without a session secret", () => {
    expect(() => configOf({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(() =>
      configOf({ NODE_ENV: "production", NEXT_PHASE: "phase-production-server" }),
    ).toThrow(/SESSION_SECRET/);
  });

  it("lets a build and local development run without one", () => {
    expect(
      configOf({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).sessionSecret,
    ).toBeTruthy();
    expect(configOf({ NODE_ENV: "development" }).sessionSecret).toBeTruthy();
  });

  it("parses numbers and the public origin, and refuses nonsense", () => {
    const config = configOf({
      SESSION_SECRET: "a-secret-of-some-length",
      AGENT_DELTA_MS: "0",
      TURN_LEASE_MS: "2000",
      APP_ORIGIN: "https://chat.example.com/path",
    });
    expect(config).toMatchObject({
      agentDeltaMs: 0,
      turnLeaseMs: 2000,
      appOrigins: ["https://chat.example.com"],
    });
    expect(() => configOf({ TURN_LEASE_MS: "soon" })).toThrow(
      /^TURN_LEASE_MS must be a whole number from 500 to 600000 \(milliseconds\)\.$/,
    );
    expect(() => configOf({ SESSION_SECRET: "short" })).toThrow(
      /^SESSION_SECRET must be at least 16 characters/,
    );
  });

  it("reads several public origins, and refuses one that is not an http(s) origin", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(
      configOf({ ...secret, APP_ORIGIN: " https://chat.example.com , http://10.0.0.5:8080/ " })
        .appOrigins,
    ).toEqual(["https://chat.example.com", "http://10.0.0.5:8080"]);
    expect(configOf({ ...secret, APP_ORIGIN: "" }).appOrigins).toEqual([]);
    for (const wrong of [
      "chat.example.com",
      "ftp://chat.example.com",
      "https://a.example,nonsense",
    ]) {
      expect(() => configOf({ ...secret, APP_ORIGIN: wrong }), wrong).toThrow(/APP_ORIGIN/);
    }
  });

  it("takes Vercel's deployment URLs as https origins on Vercel only, and the port next start listens on", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    const vercel = {
      VERCEL_URL: "app-abc.vercel.app",
      VERCEL_BRANCH_URL: "app-git-main.vercel.app",
      VERCEL_PROJECT_PRODUCTION_URL: "chat.example.com",
    };
    expect(configOf({ ...secret, ...vercel, VERCEL: "1" })).toMatchObject({
      platformOrigins: [
        "https://app-abc.vercel.app",
        "https://app-git-main.vercel.app",
        "https://chat.example.com",
      ],
    });
    expect(configOf({ ...secret, ...vercel })).toMatchObject({
      platformOrigins: [],
      port: 3000,
      production: false,
    });
    expect(configOf({ ...secret, PORT: "3201", NODE_ENV: "production" })).toMatchObject({
      port: 3201,
      production: true,
    });
  });

  it("reads the trusted client address header, the per-instance bound and the cookie's maximum age, with defaults", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(configOf(secret)).toMatchObject({
      clientIpHeader: undefined,
      newVisitorsPerInstance: { requests: 300, windowSeconds: 60 },
      visitorCookieMaxAgeSeconds: 400 * 86_400,
    });
    const tuned = configOf({
      ...secret,
      TRUSTED_CLIENT_IP_HEADER: "X-Real-IP",
      NEW_VISITORS_PER_INSTANCE: "5",
      NEW_VISITOR_INSTANCE_WINDOW_SECONDS: "10",
      VISITOR_COOKIE_MAX_AGE_DAYS: "30",
    });
    expect(tuned).toMatchObject({
      clientIpHeader: "x-real-ip",
      newVisitorsPerInstance: { requests: 5, windowSeconds: 10 },
      visitorCookieMaxAgeSeconds: 30 * 86_400,
    });
    for (const wrong of [
      { TRUSTED_CLIENT_IP_HEADER: "x real ip" },
      { VISITOR_COOKIE_MAX_AGE_DAYS: "401" },
      { NEW_VISITORS_PER_INSTANCE: "0" },
    ]) {
      expect(() => configOf({ ...secret, ...wrong }), JSON.stringify(wrong)).toThrow(
        new RegExp(`^${Object.keys(wrong)[0]} `),
      );
    }
  });

  it("trusts forwarded headers only on Vercel, and secures cookies in production", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(configOf(secret)).toMatchObject({ trustForwardedHeaders: false, secureCookies: false });
    expect(
      configOf({
        ...secret,
        VERCEL: "1",
        NODE_ENV: "production",
        CRON_SECRET: "a-cron-secret-of-some-length",
      }),
    ).toMatchObject({ trustForwardedHeaders: true, secureCookies: true });
  });

  it("reads the request limits and the cron secret, with generous defaults", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(configOf(secret)).toMatchObject({
      rateLimit: { requests: 120, windowSeconds: 60 },
      maxChatsPerVisitor: 200,
      cronSecret: undefined,
    });
    const tuned = configOf({
      ...secret,
      RATE_LIMIT_REQUESTS: "3",
      RATE_LIMIT_WINDOW_SECONDS: "10",
      MAX_CHATS_PER_VISITOR: "5",
      CRON_SECRET: "a-cron-secret-of-length",
    });
    expect(tuned).toMatchObject({
      rateLimit: { requests: 3, windowSeconds: 10 },
      maxChatsPerVisitor: 5,
      cronSecret: "a-cron-secret-of-length",
    });
    for (const wrong of [
      { RATE_LIMIT_REQUESTS: "0" },
      { RATE_LIMIT_WINDOW_SECONDS: "soon" },
      { MAX_CHATS_PER_VISITOR: "-1" },
      { CRON_SECRET: "short" },
    ]) {
      expect(() => configOf({ ...secret, ...wrong }), JSON.stringify(wrong)).toThrow(
        new RegExp(`^${Object.keys(wrong)[0]} `),
      );
    }
  });
});

describe("agent configuration", () => {
  const chosen = (source: Record<string, string | undefined>) => parseAgentSetting(source);

  it("runs the mock unless AGENT=model, whatever keys are set", () => {
    expect(chosen({})).toEqual({ kind: "mock" });
    expect(chosen({ AGENT: "", OPENAI_API_KEY: "sk-test", AI_MODEL: "openai/gpt-5-mini" })).toEqual(
      { kind: "mock" },
    );
    expect(configOf({ AGENT: "mock" }).agent).toEqual({ kind: "mock" });
  });

  it("reaches OpenAI or Anthropic directly with their own key, and any model through the AI Gateway", () => {
    expect(
      chosen({ AGENT: "model", AI_MODEL: "openai/gpt-5-mini", OPENAI_API_KEY: "sk-test" }),
    ).toEqual({
      kind: "model",
      provider: "openai",
      modelId: "gpt-5-mini",
      name: "openai/gpt-5-mini",
      catalog: "full",
    });
    expect(
      chosen({ AGENT: "model", AI_MODEL: " anthropic/claude-sonnet-4-5 ", ANTHROPIC_API_KEY: "k" }),
    ).toMatchObject({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
    expect(
      chosen({ AGENT: "model", AI_MODEL: "google/gemini-2.5-flash", AI_GATEWAY_API_KEY: "k" }),
    ).toMatchObject({ provider: "gateway", modelId: "google/gemini-2.5-flash" });
    // A direct key wins over the gateway; without it, the gateway carries the same id.
    expect(
      chosen({
        AGENT: "model",
        AI_MODEL: "openai/gpt-5",
        OPENAI_API_KEY: "k",
        AI_GATEWAY_API_KEY: "g",
      }),
    ).toMatchObject({ provider: "openai" });
    expect(
      chosen({ AGENT: "model", AI_MODEL: "openai/gpt-5", AI_GATEWAY_API_KEY: "g" }),
    ).toMatchObject({ provider: "gateway", modelId: "openai/gpt-5" });
  });

  it("keeps the mock answering when a model cannot run, with one sentence saying why", () => {
    const problem = (source: Record<string, string | undefined>) => {
      const setting = chosen(source);
      if (setting.kind !== "mock" || !setting.problem)
        throw new Error("expected the mock with a problem");
      return setting.problem;
    };
    expect(problem({ AGENT: "gpt" })).toBe("AGENT must be mock or model.");
    expect(problem({ AGENT: "model" })).toMatch(
      /^AGENT=model needs AI_MODEL, a provider\/model id such as openai\//,
    );
    expect(problem({ AGENT: "model", AI_MODEL: "gpt-5" })).toMatch(
      /^AI_MODEL=gpt-5 is not a provider\/model id/,
    );
    expect(problem({ AGENT: "model", AI_MODEL: "openai/" })).toMatch(/is not a provider\/model id/);
    expect(problem({ AGENT: "model", AI_MODEL: "openai/gpt-5", OPENAI_API_KEY: "  " })).toBe(
      "AI_MODEL=openai/gpt-5 needs OPENAI_API_KEY (or AI_GATEWAY_API_KEY to go through the AI Gateway).",
    );
    expect(
      problem({ AGENT: "model", AI_MODEL: "anthropic/claude-opus-4-1", OPENAI_API_KEY: "k" }),
    ).toMatch(/needs ANTHROPIC_API_KEY/);
    expect(problem({ AGENT: "model", AI_MODEL: "mistral/large" })).toMatch(
      /^AI_MODEL=mistral\/large needs AI_GATEWAY_API_KEY/,
    );
    for (const source of [{ AGENT: "model" }, { AGENT: "model", AI_MODEL: "x/y" }])
      expect(problem(source).split(". ")).toHaveLength(1);
    expect(configOf({ AGENT: "model" }).agent).toMatchObject({
      kind: "mock",
      problem: expect.stringContaining("AI_MODEL"),
    });
  });

  it("gives a model the full block catalog unless AI_CATALOG asks for the compact one", () => {
    const model = { AGENT: "model", AI_MODEL: "openai/gpt-5-mini", OPENAI_API_KEY: "k" };
    expect(chosen(model)).toMatchObject({ kind: "model", catalog: "full" });
    expect(chosen({ ...model, AI_CATALOG: "" })).toMatchObject({ kind: "model", catalog: "full" });
    expect(chosen({ ...model, AI_CATALOG: " compact " })).toMatchObject({
      kind: "model",
      catalog: "compact",
    });
    expect(chosen({ ...model, AI_CATALOG: "full" })).toMatchObject({
      kind: "model",
      catalog: "full",
    });
    expect(chosen({ ...model, AI_CATALOG: "short" })).toEqual({
      kind: "mock",
      problem: "AI_CATALOG must be full or compact.",
    });
    // The mock has no instructions: the setting is read only for a model.
    expect(chosen({ AGENT: "mock", AI_CATALOG: "short" })).toEqual({ kind: "mock" });
  });
});
