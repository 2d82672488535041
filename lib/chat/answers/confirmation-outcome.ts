import "server-only";
import { AppError } from "@/lib/http/errors";
import type { ChatLock } from "../store/chats";
import { proposingLabel } from "../store/selections";
import { sendOrQueueNow } from "../turns/start";
import {
  confirmationOutcome,
  confirmationViewSchema,
  inputChanges,
  type ChatEvent,
  type ConfirmationOutcome,
  type ConfirmationView,
} from "../wire";

type Settled = Pick<
  ConfirmationView,
  "token" | "instanceId" | "action" | "status" | "outcome" | "input"
> & {
  proposedInput?: unknown;
  chatId: string;
  itemId: string;
};

const MAX_SHOWN = 60;

const asInput = (value: unknown) => confirmationViewSchema.shape.input.safeParse(value).data;

function shown(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** ` with changes (subject: "Hi" → "Hello")` for an edited proposal, else nothing. */
function changesClause(row: Settled): string {
  const changes = inputChanges({ input: row.input, proposedInput: asInput(row.proposedInput) });
  if (changes.length === 0) return "";
  const listed = changes.map(({ key, from, to }) => `${key}: ${shown(from)} → ${shown(to)}`);
  return ` with changes (${listed.join("; ")})`;
}

function field(outcome: unknown, name: string): unknown {
  return typeof outcome === "object" && outcome !== null && name in outcome
    ? (outcome as Record<string, unknown>)[name]
    : undefined;
}

/** The host's report of how a proposed action ended, written for the agent to read and act on. */
function outcomeText(label: string, row: Settled, outcome: ConfirmationOutcome): string {
  switch (outcome) {
    case "executed":
      return `The person approved “${label}”${changesClause(row)}: ${row.action} ran and returned ${JSON.stringify(field(row.outcome, "result") ?? null)}.`;
    case "failed":
      return `The person approved “${label}”${changesClause(row)}, but ${row.action} failed: ${String(field(row.outcome, "message") ?? "no reason given")}`;
    case "rejected": {
      const reason = field(row.outcome, "reason");
      return `The person rejected “${label}”: ${row.action} was not run.${typeof reason === "string" ? ` Their reason: ${reason}` : ""}`;
    }
    case "expired":
      return `Nobody decided on “${label}” in time: the confirmation expired and ${row.action} was not run.`;
  }
}

/** In the settling transaction, under the chat lock; queued behind a running reply like a pick. */
export async function reportOutcome(lock: ChatLock, row: Settled): Promise<ChatEvent[]> {
  const outcome = confirmationOutcome(row);
  if (!outcome) return [];
  const label = (await proposingLabel(lock.tx, row.token)) ?? row.action;
  try {
    const sent = await sendOrQueueNow(lock, {
      text: outcomeText(label, row, outcome),
      origin: {
        kind: "confirmation",
        itemId: row.itemId,
        instanceId: row.instanceId,
        token: row.token,
        label,
        outcome,
      },
    });
    return sent.events;
  } catch (error) {
    // A full queue must not undo the decision itself: the card shows the outcome either way.
    if (error instanceof AppError && error.code === "queue-full") return [];
    throw error;
  }
}
