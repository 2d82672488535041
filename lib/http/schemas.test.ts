import { describe, expect, it } from "vitest";
import { eventCursorSchema, isStorableText } from "./schemas";

describe("storable text", () => {
  it("refuses a NUL and every unpaired surrogate, and keeps paired ones", () => {
    for (const text of ["a\u0000b", "\ud800", "x\udc00y", "\udc00\ud800", "end\ud83d"])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    for (const text of ["plain", "🚀 launch", "é\u00e9\u200b", ""])
      expect(isStorableText(text)).toBe(true);
  });
});

describe("event cursors", () => {
  it("are decimal digits within Postgres' integer range", () => {
    expect(["0", "7", "007", "2147483647"].map((raw) => eventCursorSchema.parse(raw))).toEqual([
      0, 7, 7, 2147483647,
    ]);
    for (const raw of [
      "",
      "-1",
      "NaN",
      "1e3",
      "0x10",
      "1.5",
      " 1",
      "2147483648",
      "99999999999",
      "١٢",
    ]) {
      expect(eventCursorSchema.safeParse(raw).success, raw).toBe(false);
    }
  });
});
