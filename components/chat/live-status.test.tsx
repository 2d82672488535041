// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClockProvider } from "@/components/ui/clock";
import { READING_HOLD_MS, type ReadingView } from "@/lib/chat/wire";
import { mountedRoot } from "@/scripts/test/react-root";
import { isOutOfDate, LiveStatus } from "./live-status";

const now = Date.parse("2026-12-01T10:00:00.000Z");

function reading(ago: number, state: ReadingView["state"] = "fresh"): ReadingView {
  return {
    readId: state === "fresh" ? "read-1" : null,
    query: "$runs",
    state,
    args: { branch: "main" },
    value: state === "fresh" ? { failing: 2 } : null,
    readAt: new Date(now - ago).toISOString(),
    reason: state === "fresh" ? null : { code: "timed-out", message: "No answer within 8 s." },
    frozen: false,
  };
}

const { render, container } = mountedRoot();
const said = () => container().querySelector("p")!.textContent;
const button = () => container().querySelector("button");
const show = (latest: ReadingView[], readAgain?: () => void) =>
  act(() =>
    render(
      <ClockProvider serverNow={now} zone="UTC">
        <LiveStatus latest={latest} readAgain={readAgain} />
      </ClockProvider>,
    ),
  );

beforeEach(() => {
  vi.useFakeTimers({ now });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("isOutOfDate", () => {
  it("holds a reading live for as long as the server takes it as proof, and no longer", () => {
    const readAt = new Date(now).toISOString();
    expect(isOutOfDate(readAt, now + READING_HOLD_MS)).toBe(false);
    expect(isOutOfDate(readAt, now + READING_HOLD_MS + 1)).toBe(true);
  });
});

describe("a live block's data line", () => {
  it("says live data while the reading is within its live time", () => {
    show([reading(20_000)], () => {});
    expect(said()).toBe("Live data, read now.");
    expect(button()).toBeNull();
  });

  it("says data older than that may be out of date, never live, and offers to read it again", () => {
    const readAgain = vi.fn();
    show([reading(13 * 60_000)], readAgain);
    expect(said()).toBe("Data from 13 minutes ago — may be out of date. Read again");
    act(() => button()!.click());
    expect(readAgain).toHaveBeenCalledOnce();
  });

  it("turns out of date as the clock passes its live time, with no read in between", async () => {
    show([reading(0)], () => {});
    expect(said()).toBe("Live data, read now.");
    // The page's clock ticks every 30 s: at 60 s the reading is still live, at 90 s it is not.
    await act(async () => vi.advanceTimersByTimeAsync(READING_HOLD_MS));
    expect(said()).toBe("Live data, read 1 minute ago.");
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(said()).toBe("Data from 1 minute ago — may be out of date. Read again");
  });

  it("offers no read where the page may not read (a shared copy, an older version)", () => {
    show([reading(13 * 60_000)]);
    expect(said()).toBe("Data from 13 minutes ago — may be out of date.");
    expect(button()).toBeNull();
  });

  it("says why the latest read failed, and offers a read of the older data it keeps", () => {
    show([reading(13 * 60_000), reading(5_000, "failed")], () => {});
    expect(said()).toBe(
      "The latest data could not be read: No answer within 8 s. Showing data read 13 minutes ago. Read again",
    );
  });
});
