import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatNumber } from "./format";

describe("figures in the app's language", () => {
  it("writes numbers, sizes and durations as English does", () => {
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatBytes(1_500_000)).toBe("1.5 MB");
    expect(formatDuration(2_500, undefined)).toBe("2.5 s");
    expect(formatDuration(90_000, undefined)).toBe("1 min 30 s");
  });
});
