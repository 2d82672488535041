import { describe, expect, it } from "vitest";
import { sendsOnEnter } from "./use-message-field";

describe("the composer's Enter key", () => {
  it("sends on Enter alone", () => {
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, isComposing: false })).toBe(true);
  });

  it("leaves Shift+Enter to the field, as a new line", () => {
    expect(sendsOnEnter({ key: "Enter", shiftKey: true, isComposing: false })).toBe(false);
  });

  it("leaves an Enter that ends an IME composition to the input method", () => {
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
  });

  it("ignores every other key", () => {
    expect(sendsOnEnter({ key: "a", shiftKey: false, isComposing: false })).toBe(false);
  });
});
