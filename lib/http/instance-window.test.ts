import { describe, expect, it } from "vitest";
import { InstanceWindow } from "./instance-window";

describe("a window counted in this instance", () => {
  it("takes up to its limit, then refuses with the seconds left, counting nothing, until the next window", () => {
    let now = 1_800_000_010_000;
    const window = new InstanceWindow({ requests: 3, windowSeconds: 60 }, () => now);
    for (let index = 0; index < 3; index++) window.take();
    for (let index = 0; index < 2; index++) {
      expect(() => window.take()).toThrow(
        expect.objectContaining({ code: "rate-limited", status: 429, retryAfterSeconds: 50 }),
      );
    }
    now += 49_500;
    expect(() => window.take()).toThrow(expect.objectContaining({ retryAfterSeconds: 1 }));
    now += 500;
    for (let index = 0; index < 3; index++) window.take();
    expect(() => window.take()).toThrow(
      expect.objectContaining({ code: "rate-limited", retryAfterSeconds: 60 }),
    );
  });
});
