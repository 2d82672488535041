import { describe, expect, it } from "vitest";
import { confirmationBodySchema, createChatBodySchema, eventCursorSchema, isStorableText, sendMessageBodySchema } from "./schemas";

const UNSTORABLE = ["a\u0000b", "\ud800", "x\udc00y", "\udc00\ud800", "end\ud83d"];

describe("text fields", () => {
  it("refuse a NUL and every unpaired surrogate, and keep paired ones", () => {
    for (const text of UNSTORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    for (const text of ["plain", "🚀 launch", "é\u00e9\u200b", ""]) expect(isStorableText(text)).toBe(true);
  });

  it("are checked in every body that carries text", () => {
    for (const text of UNSTORABLE) {
      const bodies = [
        createChatBodySchema.safeParse({ message: text }),
        sendMessageBodySchema.safeParse({ text }),
        confirmationBodySchema.safeParse({ decision: "reject", reason: text }),
      ];
      for (const parsed of bodies) expect(parsed.error?.issues[0]).toMatchObject({ code: "custom", params: { code: "invalid-text" } });
    }
  });
});

describe("event cursors", () => {
  it("are decimal digits within Postgres' integer range", () => {
    expect(["0", "7", "007", "2147483647"].map((raw) => eventCursorSchema.parse(raw))).toEqual([0, 7, 7, 2147483647]);
    for (const raw of ["", "-1", "NaN", "1e3", "0x10", "1.5", " 1", "2147483648", "99999999999", "١٢"]) {
      expect(eventCursorSchema.safeParse(raw).success, raw).toBe(false);
    }
  });
});
