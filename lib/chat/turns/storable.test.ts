import { describe, expect, it } from "vitest";
import { toStorableText } from "./storable";

describe("toStorableText", () => {
  it("holds back half a character while streaming and keeps it once the pair completes", () => {
    const emoji = "🚀";
    expect(toStorableText(`go ${emoji[0]}`, { final: false })).toBe("go ");
    expect(toStorableText(`go ${emoji}`, { final: false })).toBe(`go ${emoji}`);
  });

  it("replaces what Postgres cannot store: NUL and lone surrogates", () => {
    expect(toStorableText("a\u0000b", { final: false })).toBe("a\uFFFDb");
    expect(toStorableText("a\uDC00b", { final: false })).toBe("a\uFFFDb");
    expect(toStorableText("end\uD83D", { final: true })).toBe("end\uFFFD");
  });
});
