import { describe, expect, it } from "vitest";
import { parseAppConfig } from "./config";

describe("app configuration", () => {
  it("refuses a production start without a session secret", () => {
    expect(() => parseAppConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(() => parseAppConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-server" })).toThrow(/SESSION_SECRET/);
  });

  it("lets a build and local development run without one", () => {
    expect(parseAppConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).sessionSecret).toBeTruthy();
    expect(parseAppConfig({ NODE_ENV: "development" }).sessionSecret).toBeTruthy();
  });

  it("parses numbers and the public origin, and refuses nonsense", () => {
    const config = parseAppConfig({ SESSION_SECRET: "a-secret-of-some-length", AGENT_DELTA_MS: "0", TURN_LEASE_MS: "2000", APP_ORIGIN: "https://chat.example.com/path" });
    expect(config).toMatchObject({ agentDeltaMs: 0, turnLeaseMs: 2000, appOrigin: "https://chat.example.com" });
    expect(() => parseAppConfig({ TURN_LEASE_MS: "soon" })).toThrow();
    expect(() => parseAppConfig({ SESSION_SECRET: "short" })).toThrow();
  });

  it("trusts forwarded headers only on Vercel, and secures cookies in production", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(parseAppConfig(secret)).toMatchObject({ trustForwardedHeaders: false, secureCookies: false });
    expect(parseAppConfig({ ...secret, VERCEL: "1", NODE_ENV: "production" })).toMatchObject({ trustForwardedHeaders: true, secureCookies: true });
  });

  it("reads the request limits and the cron secret, with generous defaults", () => {
    const secret = { SESSION_SECRET: "a-secret-of-some-length" };
    expect(parseAppConfig(secret)).toMatchObject({ rateLimit: { requests: 120, windowSeconds: 60 }, maxChatsPerVisitor: 200, cronSecret: undefined });
    const tuned = parseAppConfig({ ...secret, RATE_LIMIT_REQUESTS: "3", RATE_LIMIT_WINDOW_SECONDS: "10", MAX_CHATS_PER_VISITOR: "5", CRON_SECRET: "a-cron-secret-of-length" });
    expect(tuned).toMatchObject({ rateLimit: { requests: 3, windowSeconds: 10 }, maxChatsPerVisitor: 5, cronSecret: "a-cron-secret-of-length" });
    for (const wrong of [{ RATE_LIMIT_REQUESTS: "0" }, { RATE_LIMIT_WINDOW_SECONDS: "soon" }, { MAX_CHATS_PER_VISITOR: "-1" }, { CRON_SECRET: "short" }]) {
      expect(() => parseAppConfig({ ...secret, ...wrong }), JSON.stringify(wrong)).toThrow();
    }
  });
});
