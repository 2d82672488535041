import { describe, expect, it } from "vitest";
import { LIVE_SOURCES, SourceRefusal } from "./index";

const context = { visitorId: "v", chatId: "c", grants: ["ci"] };

describe("SourceRefusal", () => {
  it("carries a stable code and the source's sentence", () => {
    const refusal = new SourceRefusal("ci-access-withdrawn", "CI access was withdrawn.");
    expect(refusal.reason).toEqual({
      code: "ci-access-withdrawn",
      message: "CI access was withdrawn.",
    });
  });

  it("refuses codes that are not kebab-case and sentences that are empty or too long", () => {
    for (const [code, message] of [
      ["Not Kebab", "x"],
      ["", "x"],
      ["ok", " "],
      ["ok", "x".repeat(301)],
    ]) {
      expect(() => new SourceRefusal(code!, message!), JSON.stringify([code, message])).toThrow();
    }
  });
});

describe("the demo's sources", () => {
  it("refuse in their own words: CI without the chat's grant, billing deploys to everyone", () => {
    const ci = LIVE_SOURCES.get("ci.runs")!;
    expect(ci.authorize(context, { branch: "main" })).toBe(true);
    expect(() => ci.authorize({ ...context, grants: [] }, { branch: "main" })).toThrow(
      expect.objectContaining({ code: "ci-access-withdrawn" }),
    );
    const deploys = LIVE_SOURCES.get("deploy.status")!;
    expect(() => deploys.authorize(context, { service: "billing" })).toThrow(
      expect.objectContaining({ code: "billing-private" }),
    );
    expect(deploys.authorize(context, { service: "web" })).toBe(true);
  });
});

describe("the example source", () => {
  it("reads the same for the same city and 10-second window, another city otherwise, and refuses other arguments", async () => {
    const weather = LIVE_SOURCES.get("example.weather")!;
    const options = { signal: new AbortController().signal, now: 1_000_000 };
    const lisbon = await weather.read({ city: "lisbon" }, options);
    expect(await weather.read({ city: "lisbon" }, { ...options, now: 1_009_999 })).toEqual(lisbon);
    expect(weather.result.parse(await weather.read({ city: "oslo" }, options))).toMatchObject({
      city: "Oslo",
    });
    expect(weather.args.safeParse({ city: "paris" }).success).toBe(false);
    expect(weather.authorize({ ...context, grants: [] }, { city: "oslo" })).toBe(true);
  });
});
