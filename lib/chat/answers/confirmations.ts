import "server-only";
import { remember } from "@epic-web/remember";
import {
  createActionConfirmation,
  type ConfirmableTool,
  type ActionConfirmation,
  type ActionConfirmationRecord,
  type ConfirmationOutcome,
  type ConfirmationStatus,
  type ConfirmationStore,
  type ProposeRequest,
} from "@/lib/component-frames";
import { AppError } from "@/lib/http/errors";
import { appTools } from "@/lib/tools";
import { fieldsAtFaultFor } from "@/lib/tools/forms";
import { reportOutcome } from "./confirmation-outcome";
import { CLAIMS, decisionStore } from "./decision-store";
import { chatTransaction, checkOwnChat, lockChatIfExists } from "../store/chats";
import {
  confirmableTools,
  findConfirmation,
  findReplacement,
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

// A proposal's handle is stored with the pick that proposes it (a `proposal` write).
const unstored: ConfirmationStore = {
  async insert() {},
  async find() {
    return null;
  },
  compareAndSwap() {
    throw new Error("A proposal is settled by a decision, not inside its selection.");
  },
  replace() {
    throw new Error("A proposal is edited by a decision, not inside its selection.");
  },
};

/**
 * Checks a proposed action and makes its handle; the caller stores it with what proposed it (a
 * pick, or a view's call). `tools` are the ones that caller may propose.
 */
export function proposeAction(
  request: ProposeRequest,
  tools: readonly ConfirmableTool[] = appTools,
) {
  return createActionConfirmation({ tools, store: unstored }).propose(request);
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
  return createActionConfirmation({ tools: confirmableTools, store: decisionStore() });
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
  edit: ["approving", "approved"],
} as const;

export type Decision =
  | { decision: "approve"; reason?: string }
  | { decision: "reject"; reason?: string }
  | { decision: "edit"; input: Record<string, unknown> };

function decide(handle: ActionConfirmation, token: string, visitorId: string, body: Decision) {
  switch (body.decision) {
    case "approve":
      return handle.approve(token, visitorId);
    case "reject":
      return handle.reject(token, visitorId, body.reason);
    case "edit":
      return handle.edit(token, visitorId, body.input);
  }
}

/** The fields of an edit its tool's schema refuses, so the page can mark them. */
async function refusedFields(token: string, input: unknown): Promise<string[]> {
  const row = await findConfirmation(token);
  return row ? fieldsAtFaultFor(row.action, input, confirmableTools) : [];
}

/**
 * Only an approved, unexpired handle runs its tool, once. Repeating the settling decision answers
 * unchanged; the other is `confirmation-settled`, any on an expired handle `confirmation-expired`,
 * any on an edited one `confirmation-replaced`. An edit answers with the handle that replaced the
 * one it names, approved; an edit that lost to another decision changed nothing.
 */
export async function decideConfirmation({
  visitorId,
  chatId,
  token,
  ...body
}: {
  visitorId: string;
  chatId: string;
  token: string;
} & Decision): Promise<ConfirmationView> {
  await checkOwnChat({ chatId, visitorId });
  if (!(await isOwnConfirmation({ token, chatId, visitorId })))
    throw new AppError("confirmation-not-found");
  await sweepStaleClaims({ chatId, visitorId });

  const result = await decide(decisions(), token, visitorId, body);
  if (!result.ok) {
    const code = result.diagnostic.code;
    if (
      body.decision === "edit" &&
      code !== "CONFIRMATION_EXPIRED" &&
      code !== "CONFIRMATION_NOT_FOUND"
    )
      throw new AppError("confirmation-edit-refused", undefined, code, {
        details: { fields: await refusedFields(token, body.input) },
      });
    if (code !== "CONFIRMATION_EXPIRED")
      throw new AppError("confirmation-not-found", undefined, code);
  }
  // An edit that won answers with its replacement; one that lost, with the handle it named. Any
  // other decision answers for the handle it named, even when it joined an edit of it.
  const decided = body.decision === "edit" && result.ok ? result.record.token : token;
  const row = await findConfirmation(decided);
  if (!row) throw new AppError("confirmation-not-found");
  const confirmation = toConfirmationView(row);
  const lostEdit = body.decision === "edit" && decided === token;
  if (!lostEdit && (REACHED_BY[body.decision] as readonly string[]).includes(confirmation.status))
    return confirmation;
  if (confirmation.status === "expiring" || confirmation.status === "expired") {
    throw new AppError("confirmation-expired", undefined, "CONFIRMATION_EXPIRED", {
      details: { confirmation },
    });
  }
  if (confirmation.status === "replaced") {
    const replacement = await findReplacement(token);
    throw new AppError("confirmation-replaced", undefined, undefined, {
      details: { confirmation: replacement ? toConfirmationView(replacement) : confirmation },
    });
  }
  throw new AppError(
    "confirmation-settled",
    `This confirmation is already ${confirmation.status}; nothing more was done.`,
    undefined,
    { details: { confirmation } },
  );
}
