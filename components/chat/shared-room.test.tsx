// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildChatView, buildItemView } from "@/scripts/test/wire-fixtures";
import { FakeEventSource } from "@/scripts/test/fake-event-source";
import { ChatRoom } from "./chat-room";

const view = buildChatView(
  [
    buildItemView({ id: "item-0", position: 0, role: "user", parts: [{ kind: "text", text: "Where should we go next?" }] }),
    buildItemView({ id: "item-1", position: 1, role: "assistant", parts: [{ kind: "text", text: "Somewhere." }] }),
  ],
  { id: "link-token", title: "A shared chat", lastEventSeq: 7 },
);

let root: Root;
let container: HTMLElement;

function mount(shared: boolean) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<ChatRoom initial={view} shared={shared} />));
  act(() => FakeEventSource.latest().onopen!());
}

const buttons = () => [...container.querySelectorAll("button")].map((button) => button.textContent?.trim());

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("a chat page", () => {
  it("for its owner follows the owner's stream, with Share, Regenerate and the composer", () => {
    mount(false);
    expect(FakeEventSource.latest().url).toBe("/api/chats/link-token/events?after=7");
    expect(buttons()).toEqual(expect.arrayContaining(["Share", "Regenerate"]));
    expect(container.querySelector("textarea")).not.toBeNull();
  });

  it("through a share link follows the link's stream and draws no control but Copy", () => {
    mount(true);
    expect(FakeEventSource.latest().url).toBe("/api/shares/link-token/events?after=7");
    expect(container.textContent).toContain("Shared copy · read only");
    expect(buttons().every((name) => name?.startsWith("Copy"))).toBe(true);
    expect(container.querySelector("textarea, input")).toBeNull();
  });

  it("through a share link says the link no longer works once the stream says so, and stops listening", () => {
    mount(true);
    const source = FakeEventSource.latest();
    act(() => source.emit("unshared"));
    expect(container.querySelector("h1")?.textContent).toBe("This link no longer works");
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
