import { describe, expect, it } from "vitest";
import { withoutHandle } from "./tool-result";

describe("a view's tool result, as the page hands it to the view", () => {
  it("keeps a proposal's status and expiry but never its handle", () => {
    const asked = {
      content: [{ type: "text", text: "Approval is asked." }],
      structuredContent: {
        confirmation: {
          token: "secret-handle",
          status: "pending",
          expiresAt: "2026-12-07T20:00:00Z",
        },
        other: 1,
      },
    };
    expect(withoutHandle(asked)).toEqual({
      content: asked.content,
      structuredContent: {
        confirmation: { status: "pending", expiresAt: "2026-12-07T20:00:00Z" },
        other: 1,
      },
    });
    expect(JSON.stringify(withoutHandle(asked))).not.toContain("secret-handle");
  });

  it("leaves any other result as the server answered it", () => {
    const slots = { content: [], structuredContent: { weekOf: "2026-12-14", windows: [] } };
    expect(withoutHandle(slots)).toBe(slots);
  });
});
