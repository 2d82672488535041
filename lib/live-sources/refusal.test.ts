import { describe, expect, it } from "vitest";
import { LIVE_SOURCES, SourceRefusal } from "./index";

const rights = { visitorId: "v", chatId: "c", grants: ["ci"] };

describe("SourceRefusal", () => {
  it("carries a stable code and the source's sentence", () => {
    const refusal = new SourceRefusal("ci-access-withdrawn", "CI access was withdrawn.");
    expect(refusal.reason).toEqual({ code: "ci-access-withdrawn", message: "CI access was withdrawn." });
  });

  it("refuses codes that are not kebab-case and sentences that are empty or too long", () => {
    for (const [code, message] of [["Not Kebab", "x"], ["", "x"], ["ok", " "], ["ok", "x".repeat(301)]]) {
      expect(() => new SourceRefusal(code!, message!), JSON.stringify([code, message])).toThrow();
    }
  });
});

describe("the demo's sources", () => {
  it("refuse in their own words: CI without the chat's grant, billing deploys to everyone", () => {
    const ci = LIVE_SOURCES.get("ci.runs")!;
    expect(ci.authorize(rights, { branch: "main" })).toBe(true);
    expect(() => ci.authorize({ ...rights, grants: [] }, { branch: "main" })).toThrow(expect.objectContaining({ code: "ci-access-withdrawn" }));
    const deploys = LIVE_SOURCES.get("deploy.status")!;
    expect(() => deploys.authorize(rights, { service: "billing" })).toThrow(expect.objectContaining({ code: "billing-private" }));
    expect(deploys.authorize(rights, { service: "web" })).toBe(true);
  });
});
