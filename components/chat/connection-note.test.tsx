// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountedRoot } from "@/scripts/test/react-root";
import { ConnectionNote, useConnection } from "./connection-note";
import type { StreamStatus } from "./use-chat-events";

function Probe({ status }: { status: StreamStatus }) {
  const connection = useConnection(status);
  return <ConnectionNote connection={connection} />;
}

const { render, container } = mountedRoot();
const said = () => container().querySelector("[role=status]")!.textContent;
const show = (status: StreamStatus) => act(() => render(<Probe status={status} />));

beforeEach(() => {
  vi.useFakeTimers();
  show("live");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the connection note", () => {
  it("says nothing of a stream that comes back within the grace period", async () => {
    show("reconnecting");
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(said()).toBe("");
    show("live");
    expect(said()).toBe("");
  });

  it("says a stalled database at once, holds it through a drop, and says when it answers again", async () => {
    show("stalled");
    expect(said()).toMatch(/^The database is not answering, so the chat is waiting/);
    show("live");
    expect(said()).toBe("Connected again.");
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(said()).toBe("");
    show("stalled");
    show("reconnecting");
    expect(said()).toMatch(/^The database is not answering/);
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(said()).toMatch(/^Reconnecting…/);
  });

  it("says a lasting drop, then that it is connected again, then nothing", async () => {
    show("reconnecting");
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(said()).toMatch(/^Reconnecting… Sending and stopping wait/);
    show("live");
    expect(said()).toBe("Connected again.");
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(said()).toBe("");
  });
});
