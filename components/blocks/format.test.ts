import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatNumber } from "./format";

describe("figures in the reader's language", () => {
  it("writes numbers, sizes and durations as English does by default and German does for German", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
    expect(formatBytes(1_500_000, "en")).toBe("1.5 MB");
    expect(formatBytes(1_500_000, "de")).toBe("1,5 MB");
    expect(formatDuration(2_500, undefined, "de")).toBe("2,5 s");
  });
});
