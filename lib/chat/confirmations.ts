import "server-only";
import {
  ActionConfirmationRecordSchema,
  createActionConfirmation,
  type ActionConfirmation,
  type ActionConfirmationRecord,
  type ConfirmationStore,
  type ProposeRequest,
} from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { appTools } from "@/lib/tools";
import { appendEvents, lockChat, toConfirmationView } from "./store";
import type { ConfirmationView } from "./wire";

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

async function findRecord(client: Tx, token: string): Promise<ActionConfirmationRecord | null> {
  const row = await client.actionConfirmation.findUnique({ where: { token } });
  return row ? toRecord(row) : null;
}

/** Proposals are written inside the selection's transaction; they are never settled there. */
function proposalStore(tx: Tx, origin: ConfirmationOrigin): ConfirmationStore {
  return {
    async insert(record) {
      await tx.actionConfirmation.create({
        data: {
          chatId: origin.chatId,
          itemId: origin.itemId,
          instanceId: origin.instanceId,
          choiceId: origin.choiceId,
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
    find: (token) => findRecord(tx, token),
    compareAndSwap() {
      throw new Error("A proposal is settled by a decision, not inside its selection.");
    },
  };
}

/**
 * Decisions on handles in Postgres. Each step out of `pending` is a compare-and-swap
 * (`UPDATE … WHERE token = $1 AND status = $2`), so of any number of concurrent approvals, on any
 * number of instances, exactly one runs the tool. The step and its event commit together, under
 * the chat lock, so every page sees every state the handle passes through.
 */
function decisionStore(): ConfirmationStore {
  return {
    insert() {
      throw new Error("Confirmations are proposed from a selection.");
    },
    find: (token) => findRecord(db(), token),
    async compareAndSwap(token, from, patch) {
      const handle = await db().actionConfirmation.findUnique({ where: { token }, select: { chatId: true } });
      if (!handle) return false;
      return db().$transaction(async (tx) => {
        await lockChat(tx, { chatId: handle.chatId });
        const { count } = await tx.actionConfirmation.updateMany({
          where: { token, status: from },
          data: {
            status: patch.status,
            ...(patch.outcome ? { outcome: patch.outcome } : {}),
            ...(patch.settledAt !== undefined ? { settledAt: new Date(patch.settledAt) } : {}),
          },
        });
        if (count !== 1) return false;
        const row = await tx.actionConfirmation.findUniqueOrThrow({ where: { token } });
        await appendEvents(tx, row.chatId, [{ type: "confirmation.updated", itemId: row.itemId, confirmation: toConfirmationView(row) }]);
        return true;
      });
    },
  };
}

/** Proposes the action of a picked choice, inside the selection's transaction. */
export function proposeAction(tx: Tx, origin: ConfirmationOrigin, request: ProposeRequest) {
  return createActionConfirmation({ tools: appTools, store: proposalStore(tx, origin) }).propose(request);
}

/** Decides handles as one instance of the app does; instances share only the database. */
export function createDecisions(): ActionConfirmation {
  return createActionConfirmation({ tools: appTools, store: decisionStore() });
}

// One instance per process, so concurrent calls here share one operation (and all see its result).
const shared = globalThis as unknown as { answerableDecisions?: ActionConfirmation };
function decisions(): ActionConfirmation {
  return (shared.answerableDecisions ??= createDecisions());
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
  if (!result.ok) {
    if (result.diagnostic.code === "CONFIRMATION_EXPIRED") {
      throw new AppError("confirmation-expired", "This confirmation expired; nothing was run.", result.diagnostic.code);
    }
    throw new AppError("confirmation-not-found", "This confirmation does not exist.", result.diagnostic.code);
  }
  return toConfirmationView(await db().actionConfirmation.findUniqueOrThrow({ where: { token } }));
}
