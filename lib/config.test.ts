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
});
