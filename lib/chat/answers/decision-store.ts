import "server-only";
import {
  ActionConfirmationRecordSchema,
  type ActionConfirmationRecord,
  type ConfirmationStatus,
  type ConfirmationStore,
} from "@/lib/component-frames";
import { reportOutcome } from "./confirmation-outcome";
import { chatTransaction, lockChatIfExists } from "../store/chats";
import {
  confirmationChat,
  type ConfirmationRecordRow,
  findConfirmation,
  replaceConfirmation,
  swapConfirmation,
} from "../store/confirmations";
import { writeChat } from "../store/log";
import { toConfirmationView, toSelectionView } from "../store/views";
import type { ChatEvent } from "../wire";

// The Postgres store the confirmation library decides handles through (lib/component-frames):
// every step under the chat lock, committed with the events every page draws it from.

function toRecord(row: ConfirmationRecordRow): ActionConfirmationRecord {
  return ActionConfirmationRecordSchema.parse({
    token: row.token,
    sessionId: row.visitorId,
    action: row.action,
    input: row.input,
    toolCallId: row.toolCallId,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    status: row.status,
    settledAt: row.settledAt?.getTime() ?? null,
    outcome: row.outcome ?? null,
    ...(row.replaces === null ? {} : { replaces: row.replaces }),
    ...(row.proposedInput === null ? {} : { proposedInput: row.proposedInput }),
  });
}

async function findRecord(token: string): Promise<ActionConfirmationRecord | null> {
  const row = await findConfirmation(token);
  return row ? toRecord(row) : null;
}

export const CLAIMS: readonly ConfirmationStatus[] = ["approving", "rejecting", "expiring"];

/**
 * Each step is a compare-and-swap committed with its event under the chat lock, so every page sees
 * every state; `claimedAt` tells a dead process's claim from a running one.
 */
export function decisionStore(): ConfirmationStore {
  return {
    insert() {
      throw new Error("Confirmations are proposed from a selection.");
    },
    find: (token) => findRecord(token),
    async compareAndSwap(token, from, patch) {
      const chatId = await confirmationChat(token);
      if (!chatId) return false;
      return chatTransaction(async (tx) => {
        const lock = await lockChatIfExists(tx, chatId);
        if (!lock) return false;
        const row = await swapConfirmation(lock, token, from, {
          status: patch.status,
          ...(CLAIMS.includes(patch.status) ? { claimedAt: new Date() } : {}),
          ...(patch.outcome ? { outcome: patch.outcome } : {}),
          ...(patch.settledAt !== undefined ? { settledAt: new Date(patch.settledAt) } : {}),
        });
        if (!row) return false;
        const confirmation = toConfirmationView(row);
        const report = await reportOutcome(lock, { ...row, ...confirmation });
        await writeChat(lock, {
          events: [{ type: "confirmation.updated", itemId: row.itemId, confirmation }, ...report],
        });
        return true;
      });
    },
    async replace(token, replacement) {
      const chatId = await confirmationChat(token);
      if (!chatId) return false;
      return chatTransaction(async (tx) => {
        const lock = await lockChatIfExists(tx, chatId);
        if (!lock) return false;
        const replaced = await replaceConfirmation(lock, {
          token,
          replacement: {
            token: replacement.token,
            toolCallId: replacement.toolCallId,
            input: replacement.input ?? {},
            proposedInput: replacement.proposedInput ?? {},
            createdAt: new Date(replacement.createdAt),
          },
        });
        if (!replaced) return false;
        const { old, created, selection } = replaced;
        // The old handle goes first, so a page never draws it beside its replacement.
        const selectionEvents: ChatEvent[] = selection
          ? [
              {
                type: "selection.recorded",
                itemId: selection.itemId,
                selection: toSelectionView(selection),
              },
            ]
          : [];
        await writeChat(lock, {
          events: [
            {
              type: "confirmation.updated",
              itemId: old.itemId,
              confirmation: toConfirmationView(old),
            },
            ...selectionEvents,
            {
              type: "confirmation.updated",
              itemId: created.itemId,
              confirmation: toConfirmationView(created),
            },
          ],
        });
        return true;
      });
    },
  };
}
