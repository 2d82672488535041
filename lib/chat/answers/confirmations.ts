import "server-only";
import {
  ActionConfirmationRecordSchema,
  createActionConfirmation,
  type ActionConfirmation,
  type ActionConfirmationRecord,
  type ConfirmationOutcome,
  type ConfirmationStatus,
  type ConfirmationStore,
  type ProposeRequest,
} from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { appTools } from "@/lib/tools";
import { reportOutcome } from "./confirmation-outcome";
import { appendEvents, lockChat, toConfirmationView } from "../store";
import { findStaleClaimChats } from "../store/healing";
import type { ChatEvent, ConfirmationView } from "../wire";

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

// A proposal's handle is stored by the statement that records its pick (`proposalInsert`).
const unstored: ConfirmationStore = {
  async insert() {},
  async find() {
    return null;
  },
  compareAndSwap() {
    throw new Error("A proposal is settled by a decision, not inside its selection.");
  },
};

const CLAIMS: readonly ConfirmationStatus[] = ["approving", "rejecting", "expiring"];

/**
 * Decisions on handles in Postgres. Each step out of `pending` is a compare-and-swap
 * (`UPDATE … WHERE token = $1 AND status = $2`), so of any number of concurrent approvals, on any
 * number of instances, exactly one runs the tool. The step and its event commit together, under
 * the chat lock, so every page sees every state the handle passes through. Each claim is stamped
 * with `claimedAt`, so a claim whose process died can be told from one still running. The step
 * that settles a handle also tells the agent how it ended, in the same transaction.
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
        const [row] = await tx.actionConfirmation.updateManyAndReturn({
          where: { token, status: from },
          data: {
            status: patch.status,
            ...(CLAIMS.includes(patch.status) ? { claimedAt: new Date() } : {}),
            ...(patch.outcome ? { outcome: patch.outcome } : {}),
            ...(patch.settledAt !== undefined ? { settledAt: new Date(patch.settledAt) } : {}),
          },
        });
        if (!row) return false;
        const confirmation = toConfirmationView(row);
        const report = await reportOutcome(tx, { ...row, ...confirmation });
        await appendEvents(tx, row.chatId, [{ type: "confirmation.updated", itemId: row.itemId, confirmation }, ...report]);
        return true;
      });
    },
  };
}

/**
 * Checks the action of a picked choice and makes its handle, without storing it: the caller
 * stores it with the pick, in one statement (`proposalInsert`).
 */
export function proposeAction(request: ProposeRequest) {
  return createActionConfirmation({ tools: appTools, store: unstored }).propose(request);
}

/** A proposed handle as the row it is stored in, as a common table expression of the pick's statement. */
export function proposalInsert(origin: ConfirmationOrigin, record: ActionConfirmationRecord): Prisma.Sql {
  const createdAt = new Date(record.createdAt);
  return Prisma.sql`proposal AS (
      INSERT INTO "ActionConfirmation" ("token", "visitorId", "chatId", "itemId", "instanceId", "choiceId", "action", "input", "toolCallId", "status", "expiresAt", "createdAt", "updatedAt")
      VALUES (${record.token}, ${record.sessionId}::uuid, ${origin.chatId}::uuid, ${origin.itemId}::uuid, ${origin.instanceId}, ${origin.choiceId}, ${record.action},
        ${JSON.stringify(record.input ?? {})}::jsonb, ${record.toolCallId}, ${record.status}::"ConfirmationStatus", ${new Date(record.expiresAt)}, ${createdAt}, ${createdAt})
    )`;
}

/** A proposed handle as the page sees it, before any decision. */
export function proposalView(origin: ConfirmationOrigin, record: ActionConfirmationRecord): ConfirmationView {
  return toConfirmationView({ ...record, instanceId: origin.instanceId, input: record.input ?? {}, expiresAt: new Date(record.expiresAt), outcome: null });
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
 * How long a claim (`approving`, `rejecting`, `expiring`) may stand before its process counts as
 * dead. Far longer than a decision takes; a tool that runs longer is recorded as interrupted.
 */
export const CLAIM_LEASE_MS = 60_000;

const INTERRUPTED: ConfirmationOutcome = {
  kind: "failed",
  code: "ACTION_EXECUTION_FAILED",
  message: "The action was interrupted before it reported back. It may not have run, and it will not be run again.",
};

/**
 * What a claim whose process died becomes. An approval may have run its tool: it is recorded as
 * failed, never run again (the person can propose it anew). A rejection ran nothing and is
 * undone, so the person decides again; an expiry is finished, as is a pending handle whose time
 * ran out with nobody deciding.
 */
function healedClaim(status: ConfirmationStatus, now: Date) {
  if (status === "approving") return { status: "approved", outcome: INTERRUPTED, settledAt: now } as const;
  if (status === "expiring" || status === "pending") return { status: "expired", outcome: { kind: "expired" }, settledAt: now } as const;
  return { status: "pending", claimedAt: null } as const;
}

type SweepScope = { chatId?: string; visitorId?: string; now?: Date; leaseMs?: number };

/** A handle to heal: a claim older than the lease, or a pending handle whose time ran out. */
function staleClaim(now: Date, leaseMs: number): Prisma.Sql {
  const claims = Prisma.join(CLAIMS.map((status) => Prisma.sql`${status}::"ConfirmationStatus"`));
  return Prisma.sql`(("status" IN (${claims}) AND "claimedAt" < ${new Date(now.getTime() - leaseMs)}) OR ("status" = 'pending' AND "expiresAt" <= ${now}))`;
}

/**
 * Heals claims older than the lease, and expires pending handles whose time ran out, in one chat
 * (of its owner: a stranger's request writes nothing) or in all: each step commits under the chat
 * lock with its `confirmation.updated` event, as decisions do, and a handle it settles tells the
 * agent how it ended. Runs whenever a chat is read or decided on, and while a page watches it; a
 * periodic job may call it without a scope. Returns how many handles it healed; the caller drives
 * the chat when it has a turn waiting.
 */
export async function sweepStaleClaims({ now = new Date(), ...scope }: SweepScope = {}): Promise<number> {
  const chats = await findStaleClaimChats(scope, { now, claimLeaseMs: scope.leaseMs ?? CLAIM_LEASE_MS });
  return (await settleStaleClaims(chats, { ...scope, now })).healed;
}

/**
 * Heals the stale handles of each chat `findStaleClaimChats` found, re-read under the chat's lock.
 * Returns how many it healed, and the chats where it healed any: a settled handle's report may
 * have started a turn there, which the caller drives.
 */
export async function settleStaleClaims(
  chatIds: readonly string[],
  { now = new Date(), leaseMs = CLAIM_LEASE_MS }: Pick<SweepScope, "now" | "leaseMs"> = {},
): Promise<{ healed: number; chats: string[] }> {
  let healed = 0;
  const chats: string[] = [];
  for (const id of chatIds) {
    const changed = await db().$transaction(async (tx) => {
      await lockChat(tx, { chatId: id });
      const events: ChatEvent[] = [];
      let changed = 0;
      const rows = await tx.$queryRaw<Row[]>`SELECT * FROM "ActionConfirmation" WHERE "chatId" = ${id}::uuid AND ${staleClaim(now, leaseMs)} ORDER BY "createdAt"`;
      for (const row of rows) {
        const data = healedClaim(row.status, now);
        const { count } = await tx.actionConfirmation.updateMany({ where: { token: row.token, status: row.status }, data });
        if (count !== 1) continue;
        changed++;
        const confirmation = toConfirmationView({ ...row, ...data });
        events.push({ type: "confirmation.updated", itemId: row.itemId, confirmation }, ...(await reportOutcome(tx, { ...row, ...confirmation })));
      }
      if (events.length > 0) await appendEvents(tx, id, events);
      return changed;
    });
    healed += changed;
    if (changed > 0) chats.push(id);
  }
  return { healed, chats };
}

// The states a decision itself leads to: repeating it answers the handle as it stands.
const REACHED_BY = { approve: ["approving", "approved"], reject: ["rejecting", "rejected"] } as const;

/**
 * A person approves or rejects a proposed action. Only an approved, unexpired handle runs its
 * tool, once. Repeating the decision that settled a handle answers it unchanged; the other
 * decision is refused with `confirmation-settled`, and any decision on an expired handle with
 * `confirmation-expired`, both carrying the handle as it stands.
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
  await sweepStaleClaims({ chatId, visitorId });

  const handle = decisions();
  const result = decision === "approve" ? await handle.approve(token, visitorId) : await handle.reject(token, visitorId, reason);
  if (!result.ok && result.diagnostic.code !== "CONFIRMATION_EXPIRED") {
    throw new AppError("confirmation-not-found", "This confirmation does not exist.", result.diagnostic.code);
  }
  const confirmation = toConfirmationView(await db().actionConfirmation.findUniqueOrThrow({ where: { token } }));
  if ((REACHED_BY[decision] as readonly string[]).includes(confirmation.status)) return confirmation;
  if (confirmation.status === "expiring" || confirmation.status === "expired") {
    throw new AppError("confirmation-expired", "This confirmation expired; nothing was run.", "CONFIRMATION_EXPIRED", { details: { confirmation } });
  }
  throw new AppError("confirmation-settled", `This confirmation is already ${confirmation.status}; nothing more was done.`, undefined, { details: { confirmation } });
}
