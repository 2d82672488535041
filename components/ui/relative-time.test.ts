import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.parse("2026-12-02T12:00:00.000Z");
const ago = (ms: number) => relativeTime(now - ms, now);

describe("relativeTime", () => {
  it("counts minutes, hours and days, then names the date", () => {
    expect(ago(10_000)).toBe("now");
    expect(ago(50_000)).toBe("1 minute ago");
    expect(ago(5 * 60_000 + 30_000)).toBe("5 minutes ago");
    expect(ago(3 * 3_600_000 + 59 * 60_000)).toBe("3 hours ago");
    expect(ago(26 * 3_600_000)).toBe("yesterday");
    expect(ago(6 * 86_400_000)).toBe("6 days ago");
    expect(relativeTime(Date.parse("2026-11-20T23:30:00.000Z"), now)).toBe("Nov 20, 2026");
  });

  it("reads a time a little ahead of the clock as now", () => {
    expect(ago(-5_000)).toBe("now");
  });

  it("draws the same text whatever the machine's zone", () => {
    // The date is formatted in UTC explicitly, never in the process's default zone.
    const old = Date.parse("2026-01-01T00:30:00.000Z");
    expect(relativeTime(old, now)).toBe("Jan 1, 2026");
  });
});
