import { describe, expect, it } from "vitest";
import { storableText } from "./storable";

describe("storableText", () => {
  it("holds back half a character while streaming and keeps it once the pair completes", () => {
    const emoji = "🚀";
    expect(storableText(`go ${emoji[0]}`, { final: false })).toBe("go ");
    expect(storableText(`go ${emoji}`, { final: false })).toBe(`go ${emoji}`);
  });

  it("replaces what Postgres cannot store: NUL and lone surrogates", () => {
    expect(storableText("a\u0000b", { final: false })).toBe("a\uFFFDb");
    expect(storableText("a\uDC00b", { final: false })).toBe("a\uFFFDb");
    expect(storableText("end\uD83D", { final: true })).toBe("end\uFFFD");
  });
});
