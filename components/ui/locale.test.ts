import { describe, expect, it } from "vitest";
import { formatCount } from "./locale";

describe("formatCount", () => {
  it("groups digits as the language does", () => {
    expect(formatCount(12_000, "en")).toBe("12,000");
    expect(formatCount(12_000, "de")).toBe("12.000");
  });
});
