import type { ActionConfirmationRecord, ComponentSelectionEvent } from "@/lib/component-frames";
import type { Origin } from "../wire";
import type { McpAppAnswerRow, UiAnswerRow, SelectionRow } from "./views";

// Plain data; `writeChat` turns it into SQL.

export type MessageInsert = {
  chatId: string;
  item: {
    id: string;
    position: number;
    content: string;
    parts: unknown;
    origin: Origin | null;
    createdAt: Date;
  };
  turn: { id: string; leaseExpiresAt: Date };
};

export type AnswerInsert = UiAnswerRow & {
  id: string;
  messageId: string | null;
  queuedId: bigint | null;
};

export type McpAppAnswerInsert = McpAppAnswerRow & {
  id: string;
  messageId: string | null;
  queuedId: bigint | null;
};

export type SelectionInsert = SelectionRow & {
  id: string;
  itemId: string;
  event: ComponentSelectionEvent;
  attempt: number;
  messageId: string | null;
  queuedId: bigint | null;
};

export type GrantUse = { itemId: string; instanceId: string; choiceId: string; at: Date };

export type ProposalInsert = {
  origin: { chatId: string; itemId: string; instanceId: string; choiceId: string };
  record: ActionConfirmationRecord;
};

/** The reply as it stands, kept as its next earlier version before a regeneration writes it again. */
export type VersionKeep = { itemId: string };

/** An edit: the chat's items from this position on are deleted (none holds an answered part). */
export type ItemsReplace = { chatId: string; fromPosition: number };

export type RegenerationInsert = {
  id: string;
  chatId: string;
  triggerItemId: string;
  restartsItemId: string;
  leaseExpiresAt: Date;
};

/** Its own item, final at once. */
export type SubagentReplyInsert = {
  id: string;
  chatId: string;
  position: number;
  turnId: string;
  parentToolUseId: string;
  content: string;
  parts: unknown;
  blocks: unknown;
  links: unknown;
  completedAt: Date;
};

export type ClaimWrite = {
  chatId: string;
  seen: number;
  turnId: string;
  itemId: string;
  position: number;
  createdAt: Date;
  restart: boolean;
};

export type ChatWrite =
  | { kind: "message"; message: MessageInsert }
  | { kind: "answer"; answer: AnswerInsert }
  | { kind: "mcpAppAnswer"; answer: McpAppAnswerInsert }
  | { kind: "selection"; selection: SelectionInsert }
  | { kind: "grantUse"; grant: GrantUse }
  | { kind: "proposal"; proposal: ProposalInsert }
  | { kind: "regeneration"; turn: RegenerationInsert }
  | { kind: "keepVersion"; version: VersionKeep }
  | { kind: "replaceItems"; replace: ItemsReplace }
  | { kind: "subagentReply"; item: SubagentReplyInsert };

/** The append owns the chat row's update: a row is updated once a statement. */
export type ChatMove = {
  lastPosition?: number;
  activeTurnId?: string | null;
  title?: string;
  share?: ShareMove;
};

/** A new link's token hash and when it was issued, or null: private again. */
export type ShareMove = { tokenHash: string; at: Date } | null;

/** `lost`: recovered or chat deleted; `stop`: a person pressed Stop. */
export type TurnState = "running" | "lost" | "stop";
