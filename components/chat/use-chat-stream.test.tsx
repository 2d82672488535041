// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatEvent, ChatView } from "@/lib/chat/wire";
import { mountedRoot } from "@/scripts/test/react-root";
import { buildChatView, buildItemView } from "@/scripts/test/wire-fixtures";
import { useChatStream } from "./use-chat-stream";
import { FakeEventSource } from "@/scripts/test/fake-event-source";

const latest = () => FakeEventSource.latest();
const initial = buildChatView(
  [
    buildItemView({
      id: "reply",
      position: 0,
      status: "streaming",
      parts: [{ kind: "text", text: "Hello" }],
    }),
  ],
  { id: "chat-1", running: true, lastEventSeq: 50 },
);

function Probe({ view }: { view: ChatView }) {
  const { chat, status } = useChatStream(view);
  const [part] = chat.items[0]?.parts ?? [];
  return <p data-status={status}>{part?.kind === "text" ? part.text : ""}</p>;
}

const { render, container } = mountedRoot();
const shown = () => container().querySelector("p")!;
const send = (seq: number, data: ChatEvent | string) =>
  act(() =>
    latest().onmessage!({
      lastEventId: String(seq),
      data: typeof data === "string" ? data : JSON.stringify(data),
    }),
  );
const delta = (text: string): ChatEvent => ({ type: "item.delta", itemId: "reply", text });
let fetched: string[];

beforeEach(() => {
  FakeEventSource.opened = [];
  fetched = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    return new Response(null, { status: 503 });
  });
  act(() => render(<Probe view={initial} />));
  act(() => latest().onopen!());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the chat's event stream", () => {
  it("applies an event after a gap in sequence numbers, and drops one it already applied", () => {
    send(54, delta(" there"));
    send(53, delta(" again"));
    expect(shown().textContent).toBe("Hello there");
    expect(fetched).toEqual([]);
  });

  it("reloads the chat from the earliest item it holds when an event cannot be read", async () => {
    await act(async () => send(51, "{broken"));
    expect(fetched).toEqual(["/api/chats/chat-1?from=0"]);
  });

  it("when the stream gives up, reloads, then reconnects after the last event applied, waiting longer each time", async () => {
    send(52, delta(" there"));
    await act(async () => {
      latest().readyState = FakeEventSource.CLOSED;
      latest().onerror!();
    });
    expect(shown().dataset.status).toBe("reconnecting");
    expect(fetched).toEqual(["/api/chats/chat-1?from=0"]);
    await act(async () => vi.advanceTimersByTime(999));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(latest().url).toBe("/api/chats/chat-1/events?after=52");

    await act(async () => {
      latest().readyState = FakeEventSource.CLOSED;
      latest().onerror!();
    });
    await act(async () => vi.advanceTimersByTime(1_999));
    expect(FakeEventSource.opened).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it("stops for good when the reload finds the chat gone", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 404 }));
    await act(async () => {
      latest().readyState = FakeEventSource.CLOSED;
      latest().onerror!();
    });
    expect(shown().dataset.status).toBe("deleted");
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("open but hearing nothing from the database for a few seconds, says it is stalled; a beat or an event makes it live again", async () => {
    const status = () => shown().dataset.status;
    await act(async () => vi.advanceTimersByTime(3_000));
    act(() => latest().emit("database-answered"));
    await act(async () => vi.advanceTimersByTime(3_000));
    expect(status()).toBe("live");
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(status()).toBe("stalled");
    act(() => latest().emit("database-answered"));
    expect(status()).toBe("live");
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(status()).toBe("stalled");
    send(51, delta(" there"));
    expect(status()).toBe("live");
    expect(shown().textContent).toBe("Hello there");
  });

  it("a stream that is connecting again is reconnecting, never stalled, however long it hears nothing", async () => {
    await act(async () => {
      latest().readyState = FakeEventSource.CONNECTING;
      latest().onerror!();
    });
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(shown().dataset.status).toBe("reconnecting");
  });

  it("back online, tries a connection waiting out its backoff at once", async () => {
    for (let drop = 0; drop < 4; drop++) {
      await act(async () => {
        latest().readyState = FakeEventSource.CLOSED;
        latest().onerror!();
      });
      await act(async () => vi.advanceTimersByTime(1_000 * 2 ** drop));
    }
    await act(async () => {
      latest().readyState = FakeEventSource.CLOSED;
      latest().onerror!();
    });
    expect(FakeEventSource.opened).toHaveLength(5);
    await act(async () => window.dispatchEvent(new Event("online")));
    expect(FakeEventSource.opened).toHaveLength(6);
  });
});
