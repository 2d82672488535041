import "server-only";
import { remember } from "@epic-web/remember";
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
import { AppError } from "@/lib/http/errors";
import { appTools } from "@/lib/tools";
import { reportOutcome } from "./confirmation-outcome";
import { chatTransaction, checkOwnChat, lockChatIfExists } from "../store/chats";
import {
  confirmationChat,
  type ConfirmationRecordRow,
  findConfirmation,
  isOwnConfirmation,
  staleConfirmations,
  swapConfirmation,
} from "../store/confirmations";
import { writeChat } from "../store/log";
import { toConfirmationView } from "../store/views";
import { findStaleClaimChats } from "../store/requests";
import type { ChatEvent, ConfirmationView } from "../wire";

/** Where a proposed action came from; stored beside the handle so the page can draw it in place. */
export type ConfirmationOrigin = {
  chatId: string;
  itemId: string;
  instanceId: string;
  choiceId: string;
};

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
  });
}

async function findRecord(token: string): Promise<ActionConfirmationRecord | null> {
  const row = await findConfirmation(token);
  return row ? toRecord(row) : null;
}

// A proposal's handle is stored with the pick that proposes it (a `proposal` write).
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
 * Each step is a compare-and-swap committed with its event under the chat lock, so every page sees
 * every state; `claimedAt` tells a dead process's claim from a running one.
 */
function decisionStore(): ConfirmationStore {
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
  };
}

/** Checks the action of a picked choice and makes its handle; the caller stores it with the pick. */
export function proposeAction(request: ProposeRequest) {
  return createActionConfirmation({ tools: appTools, store: unstored }).propose(request);
}

export function proposalView(
  origin: ConfirmationOrigin,
  record: ActionConfirmationRecord,
): ConfirmationView {
  return toConfirmationView({
    ...record,
    instanceId: origin.instanceId,
    input: record.input ?? {},
    expiresAt: new Date(record.expiresAt),
    outcome: null,
  });
}

/** Decides handles as one instance of the app does; instances share only the database. */
export function createDecisions(): ActionConfirmation {
  return createActionConfirmation({ tools: appTools, store: decisionStore() });
}

// One per process, so concurrent calls share one operation and its result.
function decisions(): ActionConfirmation {
  return remember("answerable.decisions", createDecisions);
}

/** How long a claim may stand before its process counts as dead; a tool running longer is recorded interrupted. */
export const CLAIM_LEASE_MS = 60_000;

const INTERRUPTED: ConfirmationOutcome = {
  kind: "failed",
  code: "ACTION_EXECUTION_FAILED",
  message:
    "The action was interrupted before it reported back. It may not have run, and it will not be run again.",
};

/**
 * An approval may have run its tool, so its outcome is failed, never re-run; a rejection ran nothing and
 * is undone so the person decides again; an expiry (or a timed-out pending handle) is final.
 */
function recoveredClaim(status: ConfirmationStatus, now: Date) {
  if (status === "approving")
    return { status: "approved", outcome: INTERRUPTED, settledAt: now } as const;
  if (status === "expiring" || status === "pending")
    return { status: "expired", outcome: { kind: "expired" }, settledAt: now } as const;
  return { status: "pending", claimedAt: null } as const;
}

type SweepScope = { chatId?: string; visitorId?: string; now?: Date; leaseMs?: number };

/** Recovers past-lease claims and expires timed-out handles, each step under the chat lock with its event. */
export async function sweepStaleClaims({
  now = new Date(),
  ...scope
}: SweepScope = {}): Promise<number> {
  const chats = await findStaleClaimChats(scope, {
    now,
    claimLeaseMs: scope.leaseMs ?? CLAIM_LEASE_MS,
  });
  return (await settleStaleClaims(chats, { ...scope, now })).recovered;
}

/** Re-reads each found chat under its lock; returns the chats recovered, as a report may have started a turn. */
export async function settleStaleClaims(
  chatIds: readonly string[],
  { now = new Date(), leaseMs = CLAIM_LEASE_MS }: Pick<SweepScope, "now" | "leaseMs"> = {},
): Promise<{ recovered: number; chats: string[] }> {
  let recovered = 0;
  const chats: string[] = [];
  for (const id of chatIds) {
    const changed = await chatTransaction(async (tx) => {
      const lock = await lockChatIfExists(tx, id);
      if (!lock) return 0;
      const events: ChatEvent[] = [];
      for (const row of await staleConfirmations(lock, CLAIMS, now, leaseMs)) {
        const data = recoveredClaim(row.status, now);
        const recovered = await swapConfirmation(lock, row.token, row.status, data);
        if (!recovered) continue;
        const confirmation = toConfirmationView(recovered);
        events.push(
          { type: "confirmation.updated", itemId: row.itemId, confirmation },
          ...(await reportOutcome(lock, { ...recovered, ...confirmation })),
        );
      }
      if (events.length > 0) await writeChat(lock, { events });
      return events.filter((event) => event.type === "confirmation.updated").length;
    });
    recovered += changed;
    if (changed > 0) chats.push(id);
  }
  return { recovered, chats };
}

// The states a decision itself leads to: repeating it answers the handle as it stands.
const REACHED_BY = {
  approve: ["approving", "approved"],
  reject: ["rejecting", "rejected"],
} as const;

/**
 * Only an approved, unexpired handle runs its tool, once. Repeating the settling decision answers
 * unchanged; the other is `confirmation-settled`, any on an expired handle `confirmation-expired`.
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
  await checkOwnChat({ chatId, visitorId });
  if (!(await isOwnConfirmation({ token, chatId, visitorId })))
    throw new AppError("confirmation-not-found");
  await sweepStaleClaims({ chatId, visitorId });

  const handle = decisions();
  const result =
    decision === "approve"
      ? await handle.approve(token, visitorId)
      : await handle.reject(token, visitorId, reason);
  if (!result.ok && result.diagnostic.code !== "CONFIRMATION_EXPIRED") {
    throw new AppError("confirmation-not-found", undefined, result.diagnostic.code);
  }
  const row = await findConfirmation(token);
  if (!row) throw new AppError("confirmation-not-found");
  const confirmation = toConfirmationView(row);
  if ((REACHED_BY[decision] as readonly string[]).includes(confirmation.status))
    return confirmation;
  if (confirmation.status === "expiring" || confirmation.status === "expired") {
    throw new AppError("confirmation-expired", undefined, "CONFIRMATION_EXPIRED", {
      details: { confirmation },
    });
  }
  throw new AppError(
    "confirmation-settled",
    `This confirmation is already ${confirmation.status}; nothing more was done.`,
    undefined,
    { details: { confirmation } },
  );
}
