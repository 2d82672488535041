import type { ChatEvent } from "@/lib/chat/wire";
import { isChatEventType } from "@/lib/chat/wire/event-types";

const MAX_RETRY_MS = 30_000;

/**
 * What one stream message asks of the page. Sequence numbers grow but may skip (a finished reply's
 * streamed events are deleted, decision 015): a gap is applied, an older number is a repeat.
 */
export type StreamMessage =
  { kind: "repeat" } | { kind: "unreadable" } | { kind: "event"; seq: number; event: ChatEvent };

export function readStreamMessage(
  lastSeen: number,
  message: { lastEventId: string; data: string },
): StreamMessage {
  const seq = Number(message.lastEventId);
  if (!Number.isSafeInteger(seq) || seq <= lastSeen) return { kind: "repeat" };
  const event = parseEvent(message.data);
  return event ? { kind: "event", seq, event } : { kind: "unreadable" };
}

/**
 * The server parses every event before it streams it and sends `null` for one it cannot read
 * (lib/chat/stream/event-stream.ts), so the page reads an event of a type it knows by that type
 * (decision 029); any other reloads the chat.
 */
function parseEvent(data: string): ChatEvent | null {
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === "object" &&
      event !== null &&
      isChatEventType(Reflect.get(event, "type"))
      ? (event as ChatEvent)
      : null;
  } catch {
    return null;
  }
}

/** How long to wait before the next connection after the stream gave up: doubling from 1 s, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt);
}
