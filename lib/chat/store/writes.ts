import type { ActionConfirmationRecord, ComponentSelectionEvent } from "@/lib/component-frames";
import type { Origin } from "../wire";
import type { UiAnswerRow, SelectionRow } from "./views";

// What a change stores besides its events, as plain data: `writeChat` turns it into SQL.

/** A person's message as its user item, and the turn that answers it. */
export type MessageInsert = {
  chatId: string;
  item: { id: string; position: number; content: string; parts: unknown; origin: Origin | null; createdAt: Date };
  turn: { id: string; leaseExpiresAt: Date };
};

export type AnswerInsert = UiAnswerRow & { id: string; messageId: string | null; queuedId: bigint | null };

export type SelectionInsert = SelectionRow & { id: string; itemId: string; event: ComponentSelectionEvent; attempt: number; messageId: string | null; queuedId: bigint | null };

export type GrantUse = { itemId: string; instanceId: string; choiceId: string; at: Date };

export type ProposalInsert = { origin: { chatId: string; itemId: string; instanceId: string; choiceId: string }; record: ActionConfirmationRecord };

/** A turn that answers the same message again, writing the same reply item. */
export type RegenerationInsert = { id: string; chatId: string; triggerItemId: string; restartsItemId: string; leaseExpiresAt: Date };

/** A subagent's reply: an item of its own, final at once. */
export type SubagentReplyInsert = {
  id: string; chatId: string; position: number; turnId: string; parentToolUseId: string;
  content: string; parts: unknown; blocks: unknown; links: unknown; completedAt: Date;
};

/** A claim's write: the reply item (new, or the one a regenerate writes again) bound to its turn. */
export type ClaimWrite = { chatId: string; seen: number; turnId: string; itemId: string; position: number; createdAt: Date; restart: boolean };

export type ChatWrite =
  | { kind: "message"; message: MessageInsert }
  | { kind: "answer"; answer: AnswerInsert }
  | { kind: "selection"; selection: SelectionInsert }
  | { kind: "grantUse"; grant: GrantUse }
  | { kind: "proposal"; proposal: ProposalInsert }
  | { kind: "regeneration"; turn: RegenerationInsert }
  | { kind: "subagentReply"; item: SubagentReplyInsert };

/** What a change also sets on the chat row, whose update the append owns (a row is updated once a statement). */
export type ChatMove = { lastPosition?: number; activeTurnId?: string | null; title?: string };

/** Whether a turn goes on: `lost` when it no longer runs (recovered, or its chat deleted), `stop` when a person pressed Stop. */
export type TurnState = "running" | "lost" | "stop";
