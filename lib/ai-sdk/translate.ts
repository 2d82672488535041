import type { UIMessageChunk } from "ai";
import {
  applyChatEvent,
  eventItemId,
  type ChatEvent,
  type ChatView,
  type ItemView,
} from "@/lib/chat/wire";
import type { AnswerableMessageMetadata, AnswerData } from "./data-parts";
import { appToolMetadata } from "@/lib/chat/wire/mcp-app-tool";
import { messageMetadata, replyEntries, type MessageEntry } from "./message-parts";

/** Which turn writes the reply a stream carries, as the transport knows it when the stream opens. */
export type ReplyTurn =
  // A message sent at once: the turn that starts right after its item is created.
  | { kind: "message"; itemId: string }
  // A message queued behind a running reply: the turn that starts when it leaves the queue.
  | { kind: "queued"; text: string }
  // A regenerate: the turn its route started.
  | { kind: "turn"; turnId: string }
  // A reconnect: the turn running now, with its reply as the chat view showed it, if written yet.
  | { kind: "running"; reply: ItemView | null };

type Emitted =
  { kind: "text"; id: string; text: string; open: boolean } | { id: string; json: string };

const ERROR_TEXT = {
  interrupted: "The reply was interrupted before it ended.",
  failed: "The reply failed.",
} as const;

/**
 * Follows a chat's log, event by event, and writes one reply as the AI SDK's UI message stream:
 * `start`, then the reply's text and data parts as they change, then `finish` when its turn ends
 * (after an `error` when the turn did not finish). It holds the reply as the page's reducer folds
 * it and compares it with what it has sent: a part that grows sends its growth, a data part that
 * changes is sent again under its id, and a reply that changes otherwise (written again) is sent
 * again from its step's start. Events at or before the cursor it has seen change nothing.
 */
export class ReplyTranslator {
  private turnId: string | null = null;
  private inTurn = false;
  private queuedId: string | null = null;
  private sentItemSeen = false;
  private chat: ChatView | null = null;
  private emitted: Emitted[] = [];
  private metadata: AnswerableMessageMetadata | null = null;
  private cursor = 0;
  done = false;

  constructor(private readonly awaiting: ReplyTurn) {
    if (awaiting.kind === "turn") this.turnId = awaiting.turnId;
    if (awaiting.kind === "running") this.inTurn = true;
  }

  /** The chunks a reconnect sends before reading the log: the reply as far as it was written. */
  opening(afterSeq: number): UIMessageChunk[] {
    this.cursor = afterSeq;
    if (this.awaiting.kind !== "running" || !this.awaiting.reply) return [];
    return this.begin(this.awaiting.reply, afterSeq);
  }

  /** The chunks one event of the log adds to the reply; none once its turn has ended. */
  next(seq: number, event: ChatEvent): UIMessageChunk[] {
    if (this.done || seq <= this.cursor) return [];
    this.cursor = seq;
    this.watchForTurn(event);
    if (!this.inTurn) return [];
    if (event.type === "turn.ended" && (this.turnId === null || event.turnId === this.turnId))
      return this.end(event.status);
    if (!this.chat) {
      const item = "item" in event ? event.item : null;
      const starts = event.type === "item.created" || event.type === "item.restarted";
      if (starts && item?.role === "assistant" && item.parentToolUseId === null)
        return this.begin(item, seq);
      return [];
    }
    const itemId = eventItemId(event);
    if (itemId === this.chat.items[0]!.id) return this.fold(seq, event);
    return itemId === null ? [] : answeredElsewhere(event);
  }

  private watchForTurn(event: ChatEvent): void {
    const awaiting = this.awaiting;
    if (this.inTurn) return;
    if (awaiting.kind === "message" && event.type === "item.created")
      this.sentItemSeen ||= event.item.id === awaiting.itemId;
    if (awaiting.kind === "queued") {
      if (event.type === "queue.added" && !this.queuedId && event.queued.text === awaiting.text)
        this.queuedId = event.queued.id;
      if (event.type === "queue.removed" && event.id === this.queuedId) this.sentItemSeen = true;
    }
    if (event.type !== "turn.started") return;
    if (this.turnId === event.turnId || (this.turnId === null && this.sentItemSeen)) {
      this.turnId = event.turnId;
      this.inTurn = true;
    }
  }

  private begin(item: ItemView, seq: number): UIMessageChunk[] {
    this.chat = {
      id: "",
      title: "",
      items: [item],
      hasEarlier: false,
      queued: [],
      running: true,
      lastEventSeq: seq,
    };
    this.metadata = messageMetadata(item);
    return [
      { type: "start", messageId: item.id, messageMetadata: this.metadata },
      { type: "start-step" },
      ...this.sync(),
    ];
  }

  private fold(seq: number, event: ChatEvent): UIMessageChunk[] {
    this.chat = applyChatEvent(this.chat!, event, seq);
    return this.sync();
  }

  private end(status: "finished" | "interrupted" | "failed" | "stopped"): UIMessageChunk[] {
    this.done = true;
    const closing = this.emitted.flatMap((entry) =>
      "open" in entry && entry.open ? [{ type: "text-end" as const, id: entry.id }] : [],
    );
    const opening: UIMessageChunk[] = this.chat ? [] : [{ type: "start" }, { type: "start-step" }];
    const error: UIMessageChunk[] =
      status === "interrupted" || status === "failed"
        ? [{ type: "error", errorText: ERROR_TEXT[status] }]
        : [];
    const finishReason = status === "finished" ? "stop" : status === "stopped" ? "other" : "error";
    return [
      ...opening,
      ...closing,
      ...error,
      { type: "finish-step" },
      { type: "finish", finishReason },
    ];
  }

  /** What the reply now holds that the stream has not sent. */
  private sync(): UIMessageChunk[] {
    const reply = this.chat!.items[0]!;
    return [...this.syncParts(reply), ...this.syncMetadata(reply)];
  }

  private syncParts(reply: ItemView): UIMessageChunk[] {
    const desired = replyEntries(reply);
    const grown = grow(this.emitted, desired);
    if (grown) {
      this.emitted = grown.emitted;
      return grown.chunks;
    }
    // Not a growth of what was sent (the reply is being written again): send it again, whole.
    const again = grow([], desired)!;
    this.emitted = again.emitted;
    return [{ type: "reset-step" }, { type: "start-step" }, ...again.chunks];
  }

  /** The reply's status as it changes: `streaming` until its item is final, then how it ended. */
  private syncMetadata(reply: ItemView): UIMessageChunk[] {
    const metadata = messageMetadata(reply);
    if (JSON.stringify(this.metadata) === JSON.stringify(metadata)) return [];
    this.metadata = metadata;
    return [{ type: "message-metadata", messageMetadata: metadata }];
  }
}

/** Null when `desired` does not extend `emitted`: a part gone, moved, or text that is not a continuation. */
function grow(
  emitted: readonly Emitted[],
  desired: readonly MessageEntry[],
): { emitted: Emitted[]; chunks: UIMessageChunk[] } | null {
  if (desired.length < emitted.length) return null;
  const chunks: UIMessageChunk[] = [];
  const next: Emitted[] = [];
  for (const [index, entry] of desired.entries()) {
    const sent = emitted[index];
    if (sent && sent.id !== entry.id) return null;
    if (entry.kind === "text") {
      const before = sent && "open" in sent ? sent : null;
      if (sent && !before) return null;
      if (before && !entry.text.startsWith(before.text)) return null;
      const delta = entry.text.slice(before?.text.length ?? 0);
      if (delta && before && !before.open) return null;
      if (!before) {
        closeOpenText(next, chunks);
        chunks.push({ type: "text-start", id: entry.id });
      }
      if (delta) chunks.push({ type: "text-delta", id: entry.id, delta });
      next.push({ kind: "text", id: entry.id, text: entry.text, open: before?.open ?? true });
    } else {
      if (sent && "open" in sent) return null;
      const json = JSON.stringify(entry.kind === "tool" ? entry.part : entry.data);
      if (!sent) closeOpenText(next, chunks);
      if (sent?.json !== json) chunks.push(...entryChunks(entry));
      next.push({ id: entry.id, json });
    }
  }
  return { emitted: next, chunks };
}

/** A data part is one chunk; an MCP App's call is its input, then its output. */
function entryChunks(entry: Exclude<MessageEntry, { kind: "text" }>): UIMessageChunk[] {
  if (entry.kind !== "tool")
    return [{ type: entry.type, id: entry.id, data: entry.data } as UIMessageChunk];
  const { part } = entry;
  const toolMetadata = appToolMetadata(part);
  return [
    {
      type: "tool-input-available",
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: part.input,
      dynamic: true,
      toolMetadata,
    },
    {
      type: "tool-output-available",
      toolCallId: part.toolCallId,
      output: part.result,
      dynamic: true,
      toolMetadata,
    },
  ];
}

// A part that follows a text part ends it: Answerable appends prose only to the last part.
function closeOpenText(emitted: Emitted[], chunks: UIMessageChunk[]): void {
  const last = emitted.at(-1);
  if (last && "open" in last && last.open) {
    chunks.push({ type: "text-end", id: last.id });
    emitted[emitted.length - 1] = { ...last, open: false };
  }
}

/** An answer on another reply reaches the page beside the stream, for it to apply to that message. */
function answeredElsewhere(event: ChatEvent): UIMessageChunk[] {
  const answer: AnswerData | null =
    event.type === "ui.answered"
      ? { kind: "block", itemId: event.itemId, answer: event.answer }
      : event.type === "selection.recorded"
        ? { kind: "selection", itemId: event.itemId, selection: event.selection }
        : event.type === "confirmation.updated"
          ? { kind: "confirmation", itemId: event.itemId, confirmation: event.confirmation }
          : null;
  return answer ? [{ type: "data-answer", data: answer, transient: true }] : [];
}
