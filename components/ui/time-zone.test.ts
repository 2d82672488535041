import { describe, expect, it } from "vitest";
import { clockTime, listTime, timeZoneFromCookies } from "./time-zone";

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

describe("the chat list's times", () => {
  const listNow = Date.parse("2026-03-05T18:30:00Z");

  it("says the time of day today, Yesterday the day before, then the day", () => {
    expect(listTime(Date.parse("2026-03-05T14:14:00Z"), listNow, "UTC")).toBe("14:14");
    expect(listTime(Date.parse("2026-03-04T09:00:00Z"), listNow, "UTC")).toBe("Yesterday");
    expect(listTime(Date.parse("2026-03-03T09:00:00Z"), listNow, "UTC")).toBe("3 Mar");
    expect(listTime(Date.parse("2025-12-24T09:00:00Z"), listNow, "UTC")).toBe("24 Dec 2025");
  });

  it("counts days and hours in the reader's zone", () => {
    // 23:30 UTC on the 4th is 08:30 on the 5th in Tokyo, where it is already 03:30 on the 6th.
    expect(listTime(Date.parse("2026-03-04T23:30:00Z"), listNow, "Asia/Tokyo")).toBe("Yesterday");
    expect(listTime(Date.parse("2026-03-05T14:14:00Z"), listNow, "America/New_York")).toBe("09:14");
  });

  it("reads a time slightly ahead of now (clocks differ) as today", () => {
    expect(listTime(listNow + 60_000, listNow, "UTC")).toBe("18:31");
  });
});
