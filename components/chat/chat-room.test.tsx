// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatEvent, ChatView, ItemView } from "@/lib/chat/wire";
import { buildChatView, buildItemView } from "@/scripts/test/wire-fixtures";
import { ChatRoom } from "./chat-room";
import { FakeEventSource } from "@/scripts/test/fake-event-source";

// Every text part is drawn through react-markdown: counting its renders by text tells which items
// the page drew again.
const drawn = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock("react-markdown", () => ({
  default: ({ children }: { children: string }) => {
    drawn.texts.push(children);
    return <p>{children}</p>;
  },
}));

function item(index: number, overrides: Partial<ItemView> = {}): ItemView {
  const role = index % 2 === 0 ? "user" : "assistant";
  return buildItemView({
    id: `item-${index}`,
    position: index,
    role,
    parts: [{ kind: "text", text: `Text of item ${index}` }],
    ...overrides,
  });
}

const items = [
  ...Array.from({ length: 9 }, (_, index) => item(index)),
  item(9, { status: "streaming", parts: [{ kind: "text", text: "Streaming" }] }),
];
const initial = buildChatView(items, {
  id: "chat-1",
  title: "A long chat",
  running: true,
  lastEventSeq: 50,
});

let root: Root;
let container: HTMLElement;

function stream(seq: number, event: ChatEvent) {
  act(() =>
    FakeEventSource.latest().onmessage!({ lastEventId: String(seq), data: JSON.stringify(event) }),
  );
}

/** Draws the page; what parses its Markdown loads on first use (markdown.tsx), awaited here. */
async function mount(view: ChatView, shared = false) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<ChatRoom initial={view} shared={shared} />));
  await act(() => vi.dynamicImportSettled());
  act(() => FakeEventSource.latest().onopen!());
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  drawn.texts = [];
});

describe("a streamed delta", () => {
  beforeEach(() => mount(initial));

  it("draws the reply it extends again, and no other item", () => {
    expect(drawn.texts).toContain("Text of item 0");
    drawn.texts = [];
    stream(51, { type: "item.delta", itemId: "item-9", text: " on" });
    stream(52, { type: "item.delta", itemId: "item-9", text: " and on" });
    expect(drawn.texts).toEqual(["Streaming on", "Streaming on and on"]);
    expect(container.textContent).toContain("Streaming on and on");
  });

  it("draws a finished reply again when it completes, and still no other item", () => {
    drawn.texts = [];
    stream(51, {
      type: "item.completed",
      item: item(9, { parts: [{ kind: "text", text: "Done" }] }),
    });
    stream(52, { type: "turn.ended", turnId: "turn", status: "finished" });
    // The finished reply draws once for its text and once more when it becomes the one to regenerate.
    expect(new Set(drawn.texts)).toEqual(new Set(["Done"]));
  });
});

describe("showing earlier messages", () => {
  const latest: ChatView = { ...initial, items: items.slice(5), hasEarlier: true };
  const requested: string[] = [];

  beforeEach(async () => {
    vi.stubGlobal("fetch", async (url: string) => {
      requested.push(url);
      return Response.json({ items: items.slice(0, 5), hasEarlier: false, lastEventSeq: 50 });
    });
    await mount(latest);
  });

  it("puts the earlier items above, draws none of the held ones again, and moves focus to the newest loaded", async () => {
    drawn.texts = [];
    const button = [...container.querySelectorAll("button")].find(
      (each) => each.textContent === "Show earlier messages",
    )!;
    await act(async () => button.click());
    expect(requested).toEqual(["/api/chats/chat-1/items?before=5"]);
    expect(
      [...container.querySelectorAll("li[data-item-id]")].map((each) =>
        each.getAttribute("data-item-id"),
      ),
    ).toEqual(items.map((each) => each.id));
    expect(drawn.texts).toEqual(items.slice(0, 5).map((each) => textOf(each)));
    expect(document.activeElement?.getAttribute("data-item-id")).toBe("item-4");
    // Nothing earlier is left: the control goes.
    expect(container.textContent).not.toContain("Show earlier messages");
  });
});

function textOf(view: ItemView): string {
  const [part] = view.parts;
  return part?.kind === "text" ? part.text : "";
}

describe("a chat page", () => {
  const short = buildChatView([item(0), item(1)], {
    id: "link-token",
    title: "A shared chat",
    lastEventSeq: 7,
  });
  const buttons = () =>
    [...container.querySelectorAll("button")].map((button) => button.textContent?.trim());

  it("for its owner follows the owner's stream, with Share, Regenerate and the composer", async () => {
    await mount(short);
    expect(FakeEventSource.latest().url).toBe("/api/chats/link-token/events?after=7");
    expect(buttons()).toEqual(expect.arrayContaining(["Share", "Regenerate"]));
    expect(container.querySelector("textarea")).not.toBeNull();
  });

  it("through a share link follows the link's stream and draws no control but Copy", async () => {
    await mount(short, true);
    expect(FakeEventSource.latest().url).toBe("/api/shares/link-token/events?after=7");
    expect(container.textContent).toContain("Shared copy · read only");
    expect(buttons().every((name) => name?.startsWith("Copy"))).toBe(true);
    expect(container.querySelector("textarea, input")).toBeNull();
  });

  it("through a share link says the link no longer works once the stream says so, and stops listening", async () => {
    await mount(short, true);
    const source = FakeEventSource.latest();
    act(() => source.emit("unshared"));
    // What a withdrawn link says loads when it is needed (chat-room.tsx), awaited here.
    await act(() => vi.dynamicImportSettled());
    expect(container.querySelector("h1")?.textContent).toBe("This link no longer works");
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
