import { type ChatEvent, chatEventSchema } from "@/lib/chat/wire";

const MAX_RETRY_MS = 30_000;

/**
 * What one message of the chat's event stream asks of the page. Sequence numbers only grow but
 * may skip (a finished reply's streamed events are deleted, decision 015), so a gap is applied; a
 * message at or before the last one applied is a repeat; one the page cannot read asks for a reload.
 */
export type StreamMessage = { kind: "repeat" } | { kind: "unreadable" } | { kind: "event"; seq: number; event: ChatEvent };

export function readStreamMessage(lastSeen: number, message: { lastEventId: string; data: string }): StreamMessage {
  const seq = Number(message.lastEventId);
  if (!Number.isSafeInteger(seq) || seq <= lastSeen) return { kind: "repeat" };
  const event = parseEvent(message.data);
  return event ? { kind: "event", seq, event } : { kind: "unreadable" };
}

function parseEvent(data: string): ChatEvent | null {
  try {
    const parsed = chatEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** How long to wait before the next connection after the stream gave up: doubling from 1 s, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt);
}
