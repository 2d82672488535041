import "server-only";
import { markAnswersSent } from "../store/answers";
import type { ChatLock } from "../store/chats";
import { markMcpAppAnswersSent } from "../store/mcp-apps";
import { writeChat } from "../store/log";
import { markDispatched, oldestQueued } from "../store/queue";
import { markSelectionsSent } from "../store/selections";
import { type Message, sendOrQueue, turnStart } from "../store/turns";
import { toMcpAppAnswerView, toSelectionView, toUiAnswerView } from "../store/views";
import { type ChatEvent, type Origin, readOrigin } from "../wire";

// Under the caller's chat lock; each returns its events for the caller to append once. A turn is
// written at once, as a later step must see it running.

export async function dispatchNextQueued(lock: ChatLock): Promise<ChatEvent[]> {
  const next = await oldestQueued(lock);
  if (!next) return [];
  const origin = readOrigin(next.origin);
  const started = turnStart(lock.chat, { text: next.text, origin }, next.turnId ?? undefined);
  await writeChat(lock, { events: [], writes: started.writes, chat: started.chat });
  await markDispatched(lock, next.id, started.itemId);
  const sent = origin
    ? await MARK_SENT[origin.kind](lock, {
        queuedId: next.id,
        messageId: started.itemId,
        turnId: started.turnId,
      })
    : [];
  return [{ type: "queue.removed", id: next.id.toString() }, ...started.events, ...sent];
}

type Sent = { queuedId: bigint; messageId: string; turnId: string };

const MARK_SENT: Record<Origin["kind"], (lock: ChatLock, sent: Sent) => Promise<ChatEvent[]>> = {
  async frame(lock, sent) {
    const rows = await markSelectionsSent(lock, sent);
    return rows.map((row) => ({
      type: "selection.recorded",
      itemId: row.itemId,
      selection: toSelectionView(row),
    }));
  },
  async uiChoice(lock, sent) {
    const rows = await markAnswersSent(lock, sent);
    return rows.map((row) => ({
      type: "ui.answered",
      itemId: row.itemId,
      answer: toUiAnswerView(row),
    }));
  },
  async mcpApp(lock, sent) {
    const rows = await markMcpAppAnswersSent(lock, sent);
    return rows.map((row) => ({
      type: "mcp-app.answered",
      itemId: row.itemId,
      answer: toMcpAppAnswerView(row),
    }));
  },
  // The host's report of a decision has no answer to mark: the confirmation already shows it.
  async confirmation() {
    return [];
  },
};

/** Writes a message sent at once. */
export async function sendOrQueueNow(lock: ChatLock, message: Message) {
  const sent = await sendOrQueue(lock, message);
  if (sent.status === "sent")
    await writeChat(lock, { events: [], writes: sent.writes, chat: sent.chat });
  return sent;
}
