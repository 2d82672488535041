import type { ChatEvent } from "@/lib/chat/wire";

/** One message of the chat's event stream: an event at its place in the log, or the chat's end. */
export type LogMessage =
  { kind: "event"; seq: number; event: ChatEvent | null } | { kind: "deleted" };

export type LogReader = {
  fetch: typeof fetch;
  url: string;
  headers?: HeadersInit;
  signal?: AbortSignal;
};

// Opening the stream again this many times in a row without a new event gives up.
const MAX_FAILED_OPENS = 3;

/**
 * The chat's events after `after`, from `GET /api/chats/:id/events`, for as long as the caller
 * reads. A stream the server ends (it does before a serverless function's limit) or the network
 * drops is opened again at the last event read, so none is missed or read twice.
 */
export async function* readEventLog(
  reader: LogReader,
  after: number,
): AsyncGenerator<LogMessage, void, undefined> {
  let cursor = after;
  let failed = 0;
  let retryMs = 1_000;
  while (!reader.signal?.aborted) {
    const progressed = cursor;
    let ended = false;
    try {
      const response = await reader.fetch(`${reader.url}?after=${cursor}`, {
        headers: { ...reader.headers, accept: "text/event-stream" },
        signal: reader.signal,
      });
      if (!response.ok || !response.body) throw new LogRefused(await refusalText(response));
      for await (const message of sseMessages(response.body)) {
        if (message.retry !== undefined) retryMs = message.retry;
        if (message.event === "deleted") {
          yield { kind: "deleted" };
          return;
        }
        if (message.id === undefined || message.data === undefined) continue;
        const seq = Number(message.id);
        if (!Number.isInteger(seq) || seq <= cursor) continue;
        cursor = seq;
        // The server parses each event before it sends it; one it could not read comes as null.
        yield { kind: "event", seq, event: JSON.parse(message.data) as ChatEvent | null };
      }
      ended = true;
    } catch (error) {
      if (error instanceof LogRefused || reader.signal?.aborted) throw error;
    }
    // A stream the server ended is no failure, even with nothing new in it (a quiet chat's
    // stream ends so at the function's limit); a drop that read nothing is, three in a row fatal.
    failed = ended || cursor !== progressed ? 0 : failed + 1;
    if (failed >= MAX_FAILED_OPENS) throw new Error("The chat's event stream could not be read.");
    // A stream that read something is opened again at once; a quiet or failed one after `retry`.
    if (cursor === progressed) await wait(retryMs, reader.signal);
  }
}

/** The route refused (no such chat, a bad cursor): opening it again would not help. */
export class LogRefused extends Error {}

async function refusalText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string"
    ? body.message
    : `The chat's events answered ${response.status}.`;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

type SseMessage = { id?: string; event?: string; data?: string; retry?: number };

/** Server-Sent Events as the HTML standard frames them: fields up to a blank line. */
async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const bytes = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let message: SseMessage = {};
  try {
    for (;;) {
      const { done, value } = await bytes.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const split = buffer.split("\n");
      buffer = split.pop()!;
      for (const raw of split) {
        const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
        if (line === "") {
          if (message.data !== undefined || message.event || message.retry !== undefined)
            yield message;
          message = {};
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data")
          message.data = message.data === undefined ? value : `${message.data}\n${value}`;
        else if (field === "id") message.id = value;
        else if (field === "event") message.event = value;
        else if (field === "retry" && /^\d+$/.test(value)) message.retry = Number(value);
      }
    }
  } finally {
    // Cancelling a stream that already failed rejects again: its first failure was thrown above.
    await bytes.cancel().catch(() => undefined);
  }
}
