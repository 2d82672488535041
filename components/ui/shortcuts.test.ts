// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { shortcutOf } from "./shortcuts";

const press = (key: string, options: Partial<KeyboardEventInit> = {}) =>
  new KeyboardEvent("keydown", { key, ...options });

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector("[data-target]")!;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("shortcutOf", () => {
  it("opens a new chat with Ctrl or ⌘ and Shift and O, whatever the letter's case", () => {
    expect(
      shortcutOf(press("O", { code: "KeyO", ctrlKey: true, shiftKey: true }), document.body),
    ).toBe("new-chat");
    expect(
      shortcutOf(press("o", { code: "KeyO", metaKey: true, shiftKey: true }), document.body),
    ).toBe("new-chat");
    expect(shortcutOf(press("o", { code: "KeyO", ctrlKey: true }), document.body)).toBeNull();
  });

  it("reads ? as help only when nobody is typing", () => {
    expect(
      shortcutOf(press("?", { shiftKey: true }), element(`<button data-target>x</button>`)),
    ).toBe("help");
    expect(
      shortcutOf(press("?", { shiftKey: true }), element(`<input type="radio" data-target>`)),
    ).toBe("help");
    expect(
      shortcutOf(press("?", { shiftKey: true }), element(`<textarea data-target></textarea>`)),
    ).toBeNull();
    expect(
      shortcutOf(press("?", { shiftKey: true }), element(`<input type="text" data-target>`)),
    ).toBeNull();
  });

  it("stops with Escape, except in a dialog or a field that uses it; the composer does not", () => {
    expect(shortcutOf(press("Escape"), document.body)).toBe("stop");
    expect(
      shortcutOf(press("Escape"), element(`<textarea id="composer" data-target></textarea>`)),
    ).toBe("stop");
    expect(shortcutOf(press("Escape"), element(`<input type="text" data-target>`))).toBeNull();
    expect(
      shortcutOf(press("Escape"), element(`<dialog open><button data-target>x</button></dialog>`)),
    ).toBeNull();
    expect(
      shortcutOf(press("Escape", { shiftKey: true }), element(`<input type="text" data-target>`)),
    ).toBe("focus-composer");
  });

  it("leaves keys another handler took, or an input method is composing", () => {
    const taken = press("Escape", { cancelable: true });
    taken.preventDefault();
    expect(shortcutOf(taken, document.body)).toBeNull();
    expect(shortcutOf(press("?", { isComposing: true }), document.body)).toBeNull();
  });
});
