// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemView, ReadingView, UiAnswerView } from "@/lib/chat/wire";
import { buildItemView } from "@/scripts/test/wire-fixtures";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import { BlockPart } from "./block-part";

const block = compileUiBlock(
  `$branch = "main"
$runs = @Query("ci.runs", {branch: $branch})
<Summary>CI on {$branch}: {$runs.failing} failing</Summary>
<Segmented value={$branch}><Option value="main">main</Option><Option value="dev">dev</Option><Option value="release">release</Option></Segmented>
<Choices><Choice context={"Summarise " + $branch + ": " + $runs.failing}>Summarise</Choice></Choices>`,
  {
    id: "live",
    final: true,
    querySchemas: querySchemasOf(LIVE_SOURCES),
    limits: { milliseconds: 10_000 },
  },
);

function reading(
  readId: string | null,
  branch: string,
  failing: number,
  state: ReadingView["state"] = "fresh",
): ReadingView {
  const fresh = state === "fresh";
  return {
    readId,
    query: "$runs",
    state,
    args: { branch },
    value: fresh ? { branch, window: 0, failing, failedJobs: [], runs: [] } : null,
    readAt: new Date(Date.now()).toISOString(),
    reason: fresh ? null : { code: "timed-out", message: "The source did not answer within 8 s." },
    frozen: readId === "frozen",
  };
}

/**
 * The API as the page meets it: every `ui.query` answers the next reading the test queued (a fresh
 * one numbered by default), every `chat.uiChoice` the next answer queued (accepted by default).
 */
const server = {
  queries: [] as Array<{ values: Record<string, unknown> }>,
  choices: [] as Array<{ reads: Record<string, string> }>,
  readings: [] as Array<(branch: string) => ReadingView>,
  refusals: [] as Array<{ status: number; code: string; message: string; reason?: string }>,
  queryRefusals: [] as Array<{ status: number; retryAfter: string; body: Record<string, unknown> }>,
};

async function fakeFetch(url: string, init: { body: string }): Promise<Response> {
  const body = JSON.parse(init.body) as Record<string, unknown>;
  if (url.endsWith("/ui-queries")) {
    server.queries.push(body as { values: Record<string, unknown> });
    const paced = server.queryRefusals.shift();
    if (paced)
      return Response.json(paced.body, {
        status: paced.status,
        headers: { "retry-after": paced.retryAfter },
      });
    const branch = String((body.values as Record<string, unknown>).$branch ?? "main");
    const next =
      server.readings.shift() ??
      ((at: string) => reading(`read-${server.queries.length}`, at, 10 + server.queries.length));
    return Response.json({ reading: next(branch) });
  }
  server.choices.push(body as { reads: Record<string, string> });
  const refusal = server.refusals.shift();
  if (refusal) return Response.json(refusal, { status: refusal.status });
  const answer = {
    itemId: "item-1",
    blockId: "live",
    revision: 1,
    choiceId: String(body.choiceId),
    label: "Summarise",
    values: {},
    readings: {},
    sourceAt: "2026-12-01T10:00:01.000Z",
    older: false,
    at: "2026-12-01T10:01:00.000Z",
    queued: false,
    turnId: null,
  };
  return Response.json({ status: "sent", answer });
}

/** The page's IntersectionObserver: the test says when the block scrolls in and out of view. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  constructor(readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    FakeIntersectionObserver.current = this;
  }
  observe() {}
  disconnect() {}
}

function scroll(inView: boolean) {
  act(() => FakeIntersectionObserver.current!.callback([{ isIntersecting: inView }]));
}

let root: Root;
let container: HTMLElement;

const liveItem = (uiAnswers: ItemView["uiAnswers"] = {}) =>
  buildItemView({
    id: "item-1",
    position: 1,
    blocks: { live: block },
    readings: { live: { $runs: reading("frozen", "main", 2) } },
    uiAnswers,
  });

function mount(item = liveItem()) {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<BlockPart item={item} chatId="chat-1" blockId="live" />));
}

/** Moves the fake clock on, letting every request the page made in that time be answered. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const summarise = () => container.querySelector<HTMLButtonElement>("button:not([aria-pressed])")!;
const summary = () => container.textContent!.match(/CI on \w+: \d+ failing/)?.[0];
const muted = () => container.querySelector("[data-muted]") !== null;

async function pick(label: string) {
  const option = [...container.querySelectorAll("label")].find(
    (candidate) => candidate.textContent === label,
  )!;
  await act(async () => option.querySelector("input")!.click());
}

async function choose() {
  await act(async () => summarise().click());
  await wait(0);
}

// A page loads the refusal sentences with its first refusal; loaded here first, so that load
// takes none of the fake clock's time the pacing tests measure.
beforeAll(async () => {
  await import("@/lib/http/error-catalog");
});

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ now: new Date("2026-12-01T10:00:00.000Z") });
  vi.stubGlobal("fetch", fakeFetch);
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  Object.assign(server, {
    queries: [],
    choices: [],
    readings: [],
    refusals: [],
    queryRefusals: [],
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a live block on the page", () => {
  it("draws its frozen reading at once and opens its choices on it, before any read", () => {
    mount();
    expect(summary()).toBe("CI on main: 2 failing");
    expect(summarise().disabled).toBe(false);
    expect(server.queries).toEqual([]);
  });

  it("reads again every 10 s while it is on screen, and not while it is scrolled away", async () => {
    mount();
    await wait(9_999);
    expect(server.queries).toHaveLength(0);
    await wait(1);
    expect(server.queries).toHaveLength(1);
    expect(summary()).toBe("CI on main: 11 failing");
    await wait(10_000);
    expect(server.queries).toHaveLength(2);
    scroll(false);
    await wait(60_000);
    expect(server.queries).toHaveLength(2);
    scroll(true);
    await wait(10_000);
    expect(server.queries).toHaveLength(3);
  });

  it("reads a changed input once it has rested 300 ms, with choices closed until its data arrives", async () => {
    mount();
    await pick("dev");
    await wait(200);
    // Changed again before it rested: the wait starts over, and only the last value is read.
    await pick("release");
    await wait(299);
    expect(server.queries).toHaveLength(0);
    expect(summarise().disabled).toBe(true);
    expect(container.textContent).toContain("Your change is being read");
    await wait(1);
    expect(server.queries).toEqual([expect.objectContaining({ values: { $branch: "release" } })]);
    expect(summary()).toBe("CI on release: 11 failing");
    expect(summarise().disabled).toBe(false);
  });

  it("when a read is paced (429 refresh-limit), waits as long as the server says, then asks again", async () => {
    mount();
    server.queryRefusals.push({
      status: 429,
      retryAfter: "1",
      body: { code: "refresh-limit", message: "Read less than 250 ms ago.", retryAfterMs: 180 },
    });
    await pick("dev");
    await wait(300);
    expect(server.queries).toHaveLength(1);
    expect(summarise().disabled).toBe(true);
    await wait(179);
    expect(server.queries).toHaveLength(1);
    await wait(1);
    expect(server.queries).toEqual([
      expect.objectContaining({ values: { $branch: "dev" } }),
      expect.objectContaining({ values: { $branch: "dev" } }),
    ]);
    expect(summary()).toBe("CI on dev: 12 failing");
    expect(summarise().disabled).toBe(false);
  });

  it("waits Retry-After when a paced refusal gives no finer time", async () => {
    mount();
    server.queryRefusals.push({
      status: 429,
      retryAfter: "1",
      body: { code: "refresh-limit", message: "Read less than 250 ms ago." },
    });
    await pick("dev");
    await wait(300);
    await wait(999);
    expect(server.queries).toHaveLength(1);
    await wait(1);
    expect(server.queries).toHaveLength(2);
    expect(summary()).toBe("CI on dev: 12 failing");
  });

  it("keeps the last good value, muted, with choices open, when a re-read for the same inputs fails", async () => {
    mount();
    server.readings.push((branch) => reading(null, branch, 0, "failed"));
    await wait(10_000);
    expect(summary()).toBe("CI on main: 2 failing");
    expect(muted()).toBe(true);
    expect(container.textContent).toContain(
      "The latest data could not be read: The source did not answer within 8 s.",
    );
    expect(summarise().disabled).toBe(false);
    await choose();
    expect(server.choices).toEqual([expect.objectContaining({ reads: { $runs: "frozen" } })]);
  });

  it("after a choice is refused as stale, reads again at once and lets the person pick again on the new reading", async () => {
    mount();
    server.refusals.push({
      status: 409,
      code: "stale-ui-query",
      message: "The live data changed.",
      reason: "stale-read",
    });
    await choose();
    expect(server.choices).toEqual([expect.objectContaining({ reads: { $runs: "frozen" } })]);
    expect(container.textContent).toContain("The live data changed since it was read.");
    expect(server.queries).toHaveLength(1);
    expect(summary()).toBe("CI on main: 11 failing");
    expect(summarise().disabled).toBe(false);
    await choose();
    expect(server.choices.at(-1)).toMatchObject({ reads: { $runs: "read-1" } });
    expect(server.choices).toHaveLength(2);
  });

  it("shows a source's own sentence when it refuses a pick, and its refused reading's sentence", async () => {
    mount();
    const sentence = "CI access was withdrawn from this chat; restore it to see the runs.";
    server.refusals.push({
      status: 403,
      code: "source-refused",
      reason: "ci-access-withdrawn",
      message: sentence,
    });
    await choose();
    expect(container.textContent).toContain(sentence);
    server.readings.push((branch) => ({
      ...reading(null, branch, 0, "refused"),
      reason: { code: "ci-access-withdrawn", message: sentence },
    }));
    await wait(10_000);
    expect(container.textContent).toContain(`This data is not available to you: ${sentence}`);
  });

  it("opens choices again when the read after a stale refusal answers the same reading from the cache", async () => {
    mount();
    server.refusals.push({
      status: 409,
      code: "stale-ui-query",
      message: "The live data changed.",
      reason: "stale-read",
    });
    server.readings.push((branch) => reading("frozen", branch, 2));
    await choose();
    expect(server.queries).toHaveLength(1);
    expect(summarise().disabled).toBe(false);
  });

  it("keeps choices closed after a stale refusal while the read after it fails", async () => {
    mount();
    server.refusals.push({
      status: 409,
      code: "stale-ui-query",
      message: "The live data changed.",
      reason: "stale-read",
    });
    server.readings.push((branch) => reading(null, branch, 0, "failed"));
    await choose();
    expect(summary()).toBe("CI on main: 2 failing");
    expect(summarise().disabled).toBe(true);
    expect(container.textContent).toContain("could not be read for these inputs");
    // The next read on schedule brings a reading that opens them again.
    await wait(10_000);
    expect(summary()).toBe("CI on main: 12 failing");
    expect(summarise().disabled).toBe(false);
  });
});

describe("a live block opened again after its data's live time", () => {
  it("says its data may be out of date, and one click reads it again through the reading route", async () => {
    const old = { ...reading("frozen", "main", 2), readAt: "2026-12-01T09:47:00.000Z" };
    mount({ ...liveItem(), readings: { live: { $runs: old } } });
    expect(container.textContent).toContain("Data from 13 minutes ago — may be out of date.");
    expect(container.textContent).not.toContain("Live data");
    const readAgain = [...container.querySelectorAll("button")].find(
      (button) => button.textContent === "Read again",
    )!;
    await act(async () => readAgain.click());
    await wait(0);
    expect(server.queries).toEqual([expect.objectContaining({ values: { $branch: "main" } })]);
    expect(summary()).toBe("CI on main: 11 failing");
    expect(container.textContent).toContain("Live data, read now.");
    expect(container.textContent).not.toContain("Read again");
  });
});

describe("an answered live block", () => {
  // Answered on dev at 10:02 (UTC), with 1 failing: not main's frozen reading, nor any later one.
  const answer: UiAnswerView = {
    itemId: "item-1",
    blockId: "live",
    revision: 1,
    choiceId: "live:pick",
    label: "Summarise",
    values: { $branch: "dev" },
    readings: {
      $runs: {
        readId: "read-dev",
        args: { branch: "dev" },
        value: { branch: "dev", window: 0, failing: 1, failedJobs: ["e2e"], runs: [] },
        readAt: "2026-12-01T10:02:00.000Z",
      },
    },
    sourceAt: "2026-12-01T10:00:01.000Z",
    older: false,
    at: "2026-12-01T10:02:05.000Z",
    queued: false,
    turnId: null,
  };
  const readAt = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(Date.parse("2026-12-01T10:02:00.000Z"));

  it("draws the inputs and the readings its answer quoted, says when they were read, and never reads", async () => {
    mount(liveItem({ live: answer }));
    expect(summary()).toBe("CI on dev: 1 failing");
    expect(container.textContent).toContain(`Data as answered, read ${readAt}.`);
    expect(container.textContent).not.toContain("Live data");
    await wait(60_000);
    expect(server.queries).toEqual([]);
    expect(summary()).toBe("CI on dev: 1 failing");
  });

  it("turns from live data to the answer's when the answer arrives from another tab", async () => {
    mount();
    await wait(10_000);
    expect(summary()).toBe("CI on main: 11 failing");
    act(() =>
      root.render(<BlockPart item={liveItem({ live: answer })} chatId="chat-1" blockId="live" />),
    );
    expect(summary()).toBe("CI on dev: 1 failing");
    await wait(30_000);
    expect(server.queries).toHaveLength(1);
  });
});

describe("a pick on a block whose reply was written again meanwhile", () => {
  it("says so, and the new revision starts from the inputs the person had set", async () => {
    mount();
    await pick("dev");
    await wait(300);
    expect(summary()).toBe("CI on dev: 11 failing");
    server.refusals.push({
      status: 409,
      code: "stale-ui-block",
      message: "This block has changed.",
      reason: "revision",
    });
    await choose();
    act(() =>
      root.render(
        <BlockPart item={{ ...liveItem(), revision: 2 }} chatId="chat-1" blockId="live" />,
      ),
    );
    expect(container.textContent).toContain(
      "This reply was written again, in another tab or by another viewer, so your pick was not sent.",
    );
    const checked = [...container.querySelectorAll("label")].find(
      (label) => label.querySelector("input")?.checked,
    )?.textContent;
    expect(checked).toBe("dev");
    // The carried input is read for the new revision, and a pick rests on that reading.
    await wait(300);
    expect(server.queries.at(-1)).toMatchObject({ revision: 2, values: { $branch: "dev" } });
    expect(summary()).toBe("CI on dev: 12 failing");
  });
});
