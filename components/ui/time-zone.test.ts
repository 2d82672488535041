import { describe, expect, it } from "vitest";
import { clockTime, timeZoneFromCookies } from "./time-zone";

const now = Date.parse("2026-12-02T12:00:00.000Z");

describe("clockTime", () => {
  it("draws a time of day in the reader's zone, in English on a 24-hour clock", () => {
    expect(clockTime(Date.parse("2026-12-02T05:02:00.000Z"), now, "Asia/Tokyo")).toBe("14:02");
    expect(clockTime(Date.parse("2026-12-02T05:02:00.000Z"), now, "UTC")).toBe("05:02");
  });

  it("names the day before it when it is not today there, and the year when not this year", () => {
    expect(clockTime(Date.parse("2026-11-30T05:02:00.000Z"), now, "Asia/Tokyo")).toBe(
      "30 Nov, 14:02",
    );
    expect(clockTime(Date.parse("2025-03-01T05:02:00.000Z"), now, "Europe/Berlin")).toBe(
      "1 Mar 2025, 06:02",
    );
  });
});

describe("timeZoneFromCookies", () => {
  it("reads a zone this runtime knows, and nothing else", () => {
    expect(timeZoneFromCookies("a=1; tz=Asia%2FTokyo")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookies("tz=Mars%2FOlympus")).toBeNull();
    expect(timeZoneFromCookies("tz=<script>")).toBeNull();
    expect(timeZoneFromCookies(null)).toBeNull();
  });
});
