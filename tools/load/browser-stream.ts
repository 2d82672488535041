// Main-thread script a streamed event costs the page, at two reply lengths, as Chromium counts it
// (CDP Performance.getMetrics: ScriptDuration before and after, over the events played). The mock
// agent writes no reply of 16k characters, so the reply's events are played into the page's own
// stream handler in the server's wire format, at the agent's pace: everything after the network
// (parsing, the reducer, React, the Markdown) runs as for a real reply.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { chatEventSchema, type ChatEvent } from "@/lib/chat/wire";
import {
  type BrowserLoad,
  type BrowserScenario,
  launchChromium,
  openChat,
} from "./browser-context";
import { times } from "./context";

const DELTA_CHARS = 64;
const PACE_MS = 35;
const PARAGRAPH =
  "Every evening the keeper wrote three lines in the ledger: the wind, the ships, and one thing that **surprised** her. Most evenings the surprise was small.\n\n- A gull that stood on one leg for an hour.\n- A fog that arrived from the land.\n\n";

/**
 * Stands in for EventSource in the page: the script hands it the stream's messages. Plain text:
 * a compiled function would carry the compiler's helpers, which the page does not have.
 */
const STAND_IN = `
(() => {
  const sources = [];
  class FakeSource extends EventTarget {
    constructor() {
      super();
      this.readyState = 1;
      this.onopen = this.onmessage = this.onerror = null;
      sources.push(this);
      setTimeout(() => this.onopen && this.onopen(new Event("open")));
    }
    close() { this.readyState = 2; }
  }
  FakeSource.CONNECTING = 0;
  FakeSource.OPEN = 1;
  FakeSource.CLOSED = 2;
  window.EventSource = FakeSource;
  window.playStream = (messages, pace) => new Promise((resolve) => {
    let next = 0;
    const tick = () => {
      const message = messages[next++];
      if (!message) return resolve();
      const event = new MessageEvent("message", { data: message[1], lastEventId: String(message[0]) });
      for (const source of sources) if (source.readyState !== 2 && source.onmessage) source.onmessage(event);
      setTimeout(tick, pace);
    };
    tick();
  });
})();
`;

/** A new reply after the chat's last event and item, then its text in deltas. */
function replyEvents(lastSeq: number, position: number, length: number): Array<[number, string]> {
  const itemId = randomUUID();
  const now = new Date().toISOString();
  const item = {
    id: itemId,
    position,
    role: "assistant",
    status: "streaming",
    parts: [],
    blocks: {},
    revision: 0,
    origin: null,
    parentToolUseId: null,
    createdAt: now,
    completedAt: null,
    selections: {},
    confirmations: {},
    uiAnswers: {},
    mcpAppAnswers: {},
    readings: {},
    links: {},
  };
  const text = PARAGRAPH.repeat(Math.ceil(length / PARAGRAPH.length)).slice(0, length);
  const events: ChatEvent[] = [chatEventSchema.parse({ type: "item.created", item })];
  for (let at = 0; at < text.length; at += DELTA_CHARS)
    events.push(
      chatEventSchema.parse({ type: "item.delta", itemId, text: text.slice(at, at + DELTA_CHARS) }),
    );
  return events.map((event, index) => [lastSeq + 1 + index, JSON.stringify(event)]);
}

async function scriptPerEvent(
  page: Page,
  chatId: string,
  length: number,
): Promise<{ perEvent: number; events: number }> {
  await page.reload();
  await page.getByRole("article").first().waitFor();
  const chat = (await (await page.request.get(`/api/chats/${chatId}`)).json()) as {
    lastEventSeq: number;
    items: { position: number }[];
  };
  const messages = replyEvents(chat.lastEventSeq, (chat.items.at(-1)?.position ?? 0) + 1, length);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const script = async () =>
    ((await cdp.send("Performance.getMetrics")).metrics.find(
      (metric) => metric.name === "ScriptDuration",
    )?.value ?? 0) * 1_000;
  const before = await script();
  await page.evaluate(
    ([played, pace]) =>
      (
        window as unknown as { playStream: (m: typeof played, p: number) => Promise<void> }
      ).playStream(played, pace),
    [messages, PACE_MS] as const,
  );
  // The last delta drawn, not only received.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
  const spent = (await script()) - before;
  await cdp.detach();
  return { perEvent: spent / messages.length, events: messages.length };
}

async function run(load: BrowserLoad): Promise<void> {
  const server = await load.server({});
  const browser = await launchChromium();
  try {
    const { page, chatId } = await openChat(load, browser, server.base, 2);
    await page.addInitScript({ content: STAND_IN });
    const [short, long] = [
      await scriptPerEvent(page, chatId, 16_000),
      await scriptPerEvent(page, chatId, 32_000),
    ];
    const note = (name: string, sample: { perEvent: number; events: number }) =>
      `${name}: ${sample.perEvent.toFixed(2)} ms of script an event over ${sample.events} events`;
    load.note(
      `streamed events (${DELTA_CHARS}-character deltas, ${PACE_MS} ms apart): ${note("16k reply", short)}; ${note("32k reply", long)}`,
    );
    load.figure({
      figure: "Main-thread script per streamed event, 32k-character reply",
      measured: `${long.perEvent.toFixed(2)} ms`,
      baseline: `16k reply: ${short.perEvent.toFixed(2)} ms`,
      ratio: times(long.perEvent, short.perEvent),
      aim: "≤ 2 ms, and ≤ 1.2× the 16k reply's (linear in the new text)",
      met: long.perEvent <= 2 && long.perEvent <= 1.2 * short.perEvent,
      why:
        long.perEvent > 1.2 * short.perEvent
          ? `script per event grows from ${short.perEvent.toFixed(2)} to ${long.perEvent.toFixed(2)} ms as the reply doubles: the streamed reply's rendering costs more the longer it is`
          : `script per event does not grow with the reply (${short.perEvent.toFixed(2)} ms at 16k, ${long.perEvent.toFixed(2)} ms at 32k); each event on its own costs more than 2 ms: its message parsed, the chat's state folded, the reply and its last Markdown block drawn again`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const streamScript: BrowserScenario = { name: "stream-script", run };
