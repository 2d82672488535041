import "server-only";
import {
  ActionConfirmationRecordSchema,
  createActionConfirmation,
  type ActionConfirmationRecord,
  type ConfirmationStore,
} from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { appTools } from "@/lib/tools";
import { toConfirmationView } from "./chats";
import { appendEvents, lockChat } from "./store";
import type { ConfirmationView } from "./view";

/** Where a proposed action came from; stored beside the handle so the page can draw it in place. */
export type ConfirmationOrigin = { chatId: string; itemId: string; instanceId: string; choiceId: string };

type Row = Awaited<ReturnType<Tx["actionConfirmation"]["findUniqueOrThrow"]>>;

function toRecord(row: Row): ActionConfirmationRecord {
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
  });
}

/**
 * Confirmation handles in Postgres. The claim out of `pending` is a compare-and-swap
 * (`UPDATE … WHERE token = $1 AND status = $2`), so of any number of concurrent approvals,
 * on any number of instances, exactly one runs the tool.
 */
export function confirmationStore(client: Tx, origin?: ConfirmationOrigin): ConfirmationStore {
  return {
    async insert(record) {
      if (!origin) throw new Error("A confirmation can only be proposed from a choice.");
      await client.actionConfirmation.create({
        data: {
          ...origin,
          token: record.token,
          visitorId: record.sessionId,
          action: record.action,
          input: record.input ?? {},
          toolCallId: record.toolCallId,
          status: record.status,
          createdAt: new Date(record.createdAt),
          expiresAt: new Date(record.expiresAt),
        },
      });
    },
    async find(token) {
      const row = await client.actionConfirmation.findUnique({ where: { token } });
      return row ? toRecord(row) : null;
    },
    async compareAndSwap(token, from, patch) {
      const { count } = await client.actionConfirmation.updateMany({
        where: { token, status: from },
        data: {
          status: patch.status,
          ...(patch.outcome ? { outcome: patch.outcome } : {}),
          ...(patch.settledAt !== undefined ? { settledAt: new Date(patch.settledAt) } : {}),
        },
      });
      return count === 1;
    },
  };
}

export function confirmations(client: Tx, origin?: ConfirmationOrigin) {
  return createActionConfirmation({ tools: appTools, store: confirmationStore(client, origin) });
}

// One instance per process for decisions, so concurrent calls here share one operation (and all
// see its result); across instances the compare-and-swap alone decides.
const shared = globalThis as unknown as { answerableDecisions?: ReturnType<typeof confirmations> };
function decisions() {
  return (shared.answerableDecisions ??= confirmations(db()));
}

/**
 * A person approves or rejects a proposed action. Only an approved, unexpired handle runs its
 * tool, once; a repeated decision answers the settled handle unchanged.
 */
export async function decideConfirmation({
  visitorId,
  chatId,
  token,
  decision,
  reason,
}: {
  visitorId: string;
  chatId: string;
  token: string;
  decision: "approve" | "reject";
  reason?: string;
}): Promise<ConfirmationView> {
  const chat = await db().chat.findUnique({ where: { id: chatId }, select: { visitorId: true } });
  if (!chat || chat.visitorId !== visitorId) throw new AppError("chat-not-found", "This chat does not exist.");
  const owned = await db().actionConfirmation.findFirst({ where: { token, chatId, visitorId }, select: { token: true } });
  if (!owned) throw new AppError("confirmation-not-found", "This confirmation does not exist.");

  const handle = decisions();
  const result = decision === "approve" ? await handle.approve(token, visitorId) : await handle.reject(token, visitorId, reason);
  // A decision that settled the handle is streamed to every page; a replay changes nothing.
  const settledNow = result.ok ? result.changed : result.record !== undefined;
  const view = settledNow
    ? await publishConfirmation({ chatId, token })
    : toConfirmationView(await db().actionConfirmation.findUniqueOrThrow({ where: { token } }));
  if (!result.ok) {
    if (result.diagnostic.code === "CONFIRMATION_EXPIRED") {
      throw new AppError("confirmation-expired", "This confirmation expired; nothing was run.", result.diagnostic.code);
    }
    throw new AppError("confirmation-not-found", "This confirmation does not exist.", result.diagnostic.code);
  }
  return view;
}

/** Streams the handle as it now stands to every page of the chat. */
async function publishConfirmation({ chatId, token }: { chatId: string; token: string }): Promise<ConfirmationView> {
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId });
    const row = await tx.actionConfirmation.findUniqueOrThrow({ where: { token } });
    const confirmation = toConfirmationView(row);
    await appendEvents(tx, chatId, [{ type: "confirmation.updated", itemId: row.itemId, confirmation }]);
    return confirmation;
  });
}
