import "server-only";
import { z } from "zod";
import { toolInputForm } from "@/lib/tools/forms";
import { confirmableTools } from "./confirmations";
import {
  type ConfirmationView,
  type ItemView,
  type McpAppAnswerView,
  type ReadingView,
  type ReplyVersion,
  type SelectionView,
  type UiAnswerView,
  confirmationViewSchema,
  itemViewSchema,
  partSchema,
  readOrigin,
  readingViewSchema,
  replyVersionSchema,
  storedBlocksSchema,
  uiAnswerViewSchema,
} from "../wire";

// No SQL here: stored JSON is parsed, never trusted as typed.

/** `to_jsonb(row)` gives UTC without a zone. */
export const storedTimestamp = z.iso
  .datetime({ local: true })
  .transform((text) => new Date(`${text}Z`));

export type ItemRow = {
  id: string;
  position: number;
  role: "user" | "assistant";
  status: ItemView["status"];
  content: string;
  parts: unknown;
  blocks: unknown;
  /** Absent on rows made in memory: links are stored when the reply becomes final. */
  links?: unknown;
  revision: number;
  origin: unknown;
  parentToolUseId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

type ItemExtras = Pick<
  ItemView,
  "selections" | "confirmations" | "uiAnswers" | "mcpAppAnswers" | "readings"
> & {
  versions?: ReplyVersion[];
};
const NO_EXTRAS: ItemExtras = {
  selections: {},
  confirmations: {},
  uiAnswers: {},
  mcpAppAnswers: {},
  readings: {},
};

const storedPartsSchema = z.array(partSchema);
const storedLinksSchema = itemViewSchema.shape.links;

/** A streaming reply has no blocks yet: its block parts carry their fences, which the page previews. */
export function toItemView(row: ItemRow, extras: ItemExtras = NO_EXTRAS): ItemView {
  const blocks = row.status === "streaming" ? [] : storedBlocksSchema.parse(row.blocks ?? []);
  const { versions, ...rest } = extras;
  return {
    id: row.id,
    position: row.position,
    role: row.role,
    status: row.status,
    parts: storedPartsSchema.parse(row.parts),
    blocks: Object.fromEntries(blocks.map((block) => [block.id, block])),
    // A regenerated reply's old links belong to the last revision.
    links: row.status === "streaming" ? {} : storedLinksSchema.parse(row.links ?? {}),
    revision: row.revision,
    origin: readOrigin(row.origin),
    parentToolUseId: row.parentToolUseId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    ...rest,
    ...(versions && versions.length > 0 ? { versions } : {}),
  };
}

export type VersionRow = {
  version: number;
  revision: number;
  status: ItemView["status"];
  parts: unknown;
  blocks: unknown;
  links: unknown;
  completedAt: Date | null;
};

/** An earlier version, with the answers and frozen readings of its own revision. */
export function toReplyVersion(
  row: VersionRow,
  rows: Pick<ExtrasSource, "uiAnswers" | "uiReadings">,
): ReplyVersion {
  const { uiAnswers, readings } = itemExtras(
    { revision: row.revision, selections: [], mcpAppAnswers: [], ...rows },
    [],
  );
  return {
    version: row.version,
    revision: row.revision,
    status: replyVersionSchema.shape.status.parse(row.status),
    parts: storedPartsSchema.parse(row.parts),
    blocks: Object.fromEntries(
      storedBlocksSchema.parse(row.blocks ?? []).map((block) => [block.id, block]),
    ),
    links: storedLinksSchema.parse(row.links ?? {}),
    uiAnswers,
    readings,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export type ReadingRow = {
  id: string;
  query: string;
  state: "pending" | "fresh" | "failed" | "refused";
  args: unknown;
  value: unknown;
  reason: unknown;
  frozen: boolean;
  readAt: Date;
};

export function toReadingView(row: ReadingRow): ReadingView {
  const fresh = row.state === "fresh";
  return readingViewSchema.parse({
    readId: fresh ? row.id : null,
    query: row.query,
    state: row.state,
    args: row.args,
    value: fresh ? row.value : null,
    readAt: row.readAt.toISOString(),
    reason: fresh ? null : row.reason,
    frozen: row.frozen,
  });
}

/** A `UiAnswer` row as `to_jsonb` gives it. */
export const uiAnswerRowSchema = z.object({
  itemId: z.string(),
  blockId: z.string(),
  revision: z.number().int(),
  choiceId: z.string(),
  label: z.string(),
  values: z.unknown(),
  readings: z.unknown(),
  sourceAt: storedTimestamp,
  older: z.boolean(),
  at: storedTimestamp,
  queued: z.boolean(),
  turnId: z.string().nullable(),
});
export type UiAnswerRow = z.infer<typeof uiAnswerRowSchema>;

export function toUiAnswerView(row: UiAnswerRow): UiAnswerView {
  return {
    itemId: row.itemId,
    blockId: row.blockId,
    revision: row.revision,
    choiceId: row.choiceId,
    label: row.label,
    values: uiAnswerViewSchema.shape.values.parse(row.values),
    readings: uiAnswerViewSchema.shape.readings.parse(row.readings ?? {}),
    sourceAt: row.sourceAt.toISOString(),
    older: row.older,
    at: row.at.toISOString(),
    queued: row.queued,
    turnId: row.turnId,
  };
}

/** An `McpAppAnswer` row as `to_jsonb` gives it. */
export const mcpAppAnswerRowSchema = z.object({
  itemId: z.string(),
  toolCallId: z.string(),
  text: z.string(),
  queued: z.boolean(),
  turnId: z.string().nullable(),
  at: storedTimestamp,
});
export type McpAppAnswerRow = z.infer<typeof mcpAppAnswerRowSchema>;

export function toMcpAppAnswerView(row: McpAppAnswerRow): McpAppAnswerView {
  return {
    toolCallId: row.toolCallId,
    text: row.text,
    answeredAt: row.at.toISOString(),
    queued: row.queued,
  };
}

export type SelectionRow = {
  instanceId: string;
  choiceId: string;
  label: string;
  at: Date;
  queued: boolean;
  confirmationToken: string | null;
};

export function toSelectionView(row: SelectionRow): SelectionView {
  return {
    instanceId: row.instanceId,
    choiceId: row.choiceId,
    label: row.label,
    at: row.at.toISOString(),
    queued: row.queued,
    confirmationToken: row.confirmationToken,
  };
}

export type ConfirmationRow = {
  token: string;
  instanceId: string;
  action: string;
  input: unknown;
  toolCallId: string;
  status: ConfirmationView["status"];
  expiresAt: Date;
  outcome: unknown;
  proposedInput?: unknown;
};

export function toConfirmationView(row: ConfirmationRow): ConfirmationView {
  const edited = row.proposedInput ?? null;
  const form = row.status === "pending" ? toolInputForm(row.action, confirmableTools) : null;
  return {
    ...(edited === null ? {} : { proposedInput: confirmationViewSchema.shape.input.parse(edited) }),
    ...(form === null ? {} : { form }),
    token: row.token,
    instanceId: row.instanceId,
    action: row.action,
    input: confirmationViewSchema.shape.input.parse(row.input),
    toolCallId: row.toolCallId,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    outcome: confirmationViewSchema.shape.outcome.parse(row.outcome ?? null),
  };
}

type ExtrasSource = {
  revision: number;
  selections: SelectionRow[];
  uiAnswers: UiAnswerRow[];
  mcpAppAnswers: McpAppAnswerRow[];
  uiReadings: (ReadingRow & { blockId: string; revision: number })[];
};

/** Answers of the current revision only. */
export function itemExtras(item: ExtrasSource, confirmations: ConfirmationRow[]): ItemExtras {
  const readings: ItemView["readings"] = {};
  for (const row of item.uiReadings) {
    if (row.revision === item.revision)
      readings[row.blockId] = { ...readings[row.blockId], [row.query]: toReadingView(row) };
  }
  return {
    // Attempts come in order, so the latest pick stands.
    selections: Object.fromEntries(
      item.selections.map((row) => [row.instanceId, toSelectionView(row)]),
    ),
    confirmations: Object.fromEntries(
      confirmations.map((row) => [row.token, toConfirmationView(row)]),
    ),
    uiAnswers: Object.fromEntries(
      item.uiAnswers
        .filter((row) => row.revision === item.revision)
        .map((row) => [row.blockId, toUiAnswerView(row)]),
    ),
    // One per view, whatever the revision: a view is its tool call, answered once.
    mcpAppAnswers: Object.fromEntries(
      item.mcpAppAnswers.map((row) => [row.toolCallId, toMcpAppAnswerView(row)]),
    ),
    readings,
  };
}
