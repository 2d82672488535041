import "server-only";
import { isUiFailure, resolveStoredUiChoice, type UiBlock, type UiChoiceSelection, type UiFailure } from "@/lib/intelligent-ui";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { issuedQueryValues } from "../readings";
import { appendEvents, lockChat, toUiAnswerView } from "../store";
import { sendOrQueue } from "../turns/start";
import { uiBlockSchema, type UiAnswerView } from "../wire";
import { z } from "zod";

export type UiChoiceRequest = {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
  revision: number;
  choiceId: string;
  /** The block's input values as the page sent them (`$name` keys), unchecked. */
  values: Record<string, unknown>;
  /** For a live block: the read id of each query's reading on screen (`$name` keys). */
  reads?: Record<string, string>;
};

export type UiChoiceOutcome = { status: "sent" | "queued"; answer: UiAnswerView };

/**
 * `chat.uiChoice`: a person picked a Choice of an intelligent-ui block. In one transaction under
 * the chat lock: the block is found as stored at that revision; an answered block answers its
 * first pick again (or refuses another); the choice is resolved against the stored block with
 * the submitted values, so only a pick the person could have made on that screen passes; its
 * context is sent as the next message (or queued), then the answer is recorded. The message is
 * written before the answer, so no crash or race records one without the other.
 */
export async function answerUiChoice(request: UiChoiceRequest): Promise<UiChoiceOutcome> {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId: request.chatId, visitorId: request.visitorId });
    const { block, completedAt, newer, answered } = await findAnswerableBlock(tx, request);
    const key = { itemId: request.itemId, blockId: request.blockId, revision: request.revision };
    if (answered) {
      const existing = await tx.uiAnswer.findUniqueOrThrow({ where: { itemId_blockId_revision: key } });
      if (existing.choiceId !== request.choiceId) {
        throw new AppError("ui-already-answered", `This block was already answered with “${existing.label}”.`);
      }
      return { status: existing.queued ? "queued" : "sent", answer: toUiAnswerView(existing) };
    }
    const selection = await resolveLiveChoice(tx, block, request);
    const sent = await sendOrQueue(tx, chat, {
      text: selection.context,
      origin: { kind: "uiChoice", ...key, choiceId: request.choiceId, label: selection.label },
    });
    const row = await tx.uiAnswer.create({
      data: {
        ...key,
        choiceId: request.choiceId,
        label: selection.label,
        values: selection.values as Prisma.InputJsonObject,
        sourceAt: completedAt,
        older: newer,
        queued: sent.status === "queued",
        turnId: sent.turnId,
        messageId: sent.itemId,
        queuedId: sent.queuedId,
      },
    });
    const answer = toUiAnswerView(row);
    await appendEvents(tx, request.chatId, [{ type: "ui.answered", itemId: request.itemId, answer }, ...sent.events]);
    return { status: sent.status, answer };
  });
}

const STALE_REASONS = {
  streaming: "This reply is still being written; its choices open when it finishes.",
  subagent: "A subagent wrote this block; it can be read but not answered.",
  unfinished: "This reply did not finish; retry it to get a block you can answer.",
  revision: "This block has changed since your page drew it; the new version is shown now.",
} as const;

const answerableRowSchema = z.object({
  status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]),
  parentToolUseId: z.string().nullable(),
  revision: z.number().int(),
  completedAt: z.date().nullable(),
  block: z.unknown(),
  newer: z.boolean(),
  answered: z.boolean(),
});

type Answerable = { block: UiBlock; completedAt: Date; newer: boolean; answered: boolean };

/**
 * The stored block at the requested revision of a finished, top-level reply, or a refusal. One
 * statement reads the reply, picks the one block out of its stored blocks, and says whether a
 * newer reply came since and whether this block and revision were answered already.
 */
async function findAnswerableBlock(tx: Tx, request: UiChoiceRequest): Promise<Answerable> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT item."status"::text AS "status", item."parentToolUseId", item."revision", item."completedAt",
      (SELECT block FROM jsonb_array_elements(COALESCE(item."blocks", '[]'::jsonb)) AS block WHERE block->>'id' = ${request.blockId}) AS "block",
      EXISTS (SELECT 1 FROM "Item" later WHERE later."chatId" = item."chatId" AND later."role" = 'assistant'
        AND later."parentToolUseId" IS NULL AND later."position" > item."position") AS "newer",
      EXISTS (SELECT 1 FROM "UiAnswer" answer WHERE answer."itemId" = item."id" AND answer."blockId" = ${request.blockId}
        AND answer."revision" = ${request.revision}) AS "answered"
    FROM "Item" item
    WHERE item."id" = ${request.itemId}::uuid AND item."chatId" = ${request.chatId}::uuid AND item."role" = 'assistant'`;
  if (rows.length === 0) throw new AppError("ui-block-not-found", "This block is not in the chat.");
  const item = answerableRowSchema.parse(rows[0]);
  const stale = (reason: keyof typeof STALE_REASONS) => new AppError("stale-ui-block", STALE_REASONS[reason], reason);
  if (item.status === "streaming") throw stale("streaming");
  if (item.parentToolUseId !== null) throw stale("subagent");
  if (item.status !== "complete" || !item.completedAt) throw stale("unfinished");
  if (item.revision !== request.revision) throw stale("revision");
  if (item.block === null || item.block === undefined) throw new AppError("ui-block-not-found", "This block is not in the chat.");
  return { block: uiBlockSchema.parse(item.block), completedAt: item.completedAt, newer: item.newer, answered: item.answered };
}

const FAILURE_CODES = new Set(["refused_choice", "refused_binding", "invalid_value", "budget_exceeded"] as const);
type ChoiceFailureCode = typeof FAILURE_CODES extends Set<infer Code> ? Code : never;

const FAILURE_MESSAGES: Record<ChoiceFailureCode, string> = {
  refused_choice: "That choice is not open on this block.",
  refused_binding: "The values sent do not belong to this block.",
  invalid_value: "The values sent are not ones this block's controls could have produced.",
  budget_exceeded: "This block is too large to check.",
};

/**
 * Runs the library's choice algorithm on the stored block, with the query values the server
 * issued (never the page's): a live block whose reads do not prove them is `stale-ui-query`.
 * A `UiFailure` becomes the refusal's code.
 */
async function resolveLiveChoice(tx: Tx, block: UiBlock, request: UiChoiceRequest): Promise<UiChoiceSelection> {
  try {
    const queries = await issuedQueryValues(tx, { block, itemId: request.itemId, revision: request.revision, values: request.values, reads: request.reads ?? {}, now: Date.now() });
    if (queries === null) throw new AppError("stale-ui-query", "The live data on your screen has changed since it was read; it is being read again, then pick again.", "stale-read");
    // A stored block is honest: it gets room on a busy server, never a refusal on time.
    return resolveStoredUiChoice(block, request.choiceId, request.values, queries);
  } catch (error) {
    if (isUiFailure(error)) throw choiceFailure(error);
    throw error;
  }
}

/** A library refusal as the API's: one of the four choice codes, with the finer cause as reason. */
export function choiceFailure(error: UiFailure): AppError {
  // Other library codes name a finer cause of the same refusals (e.g. a `__proto__` key).
  const code: ChoiceFailureCode = FAILURE_CODES.has(error.code as ChoiceFailureCode)
    ? (error.code as ChoiceFailureCode)
    : error.code === "refused_access" ? "refused_binding" : "invalid_value";
  return new AppError(code, FAILURE_MESSAGES[code], error.code === code ? undefined : error.code);
}
