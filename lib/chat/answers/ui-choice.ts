import "server-only";
import { randomUUID } from "node:crypto";
import { isUiFailure, resolveStoredUiChoice, type UiBlock, type UiChoiceSelection, type UiFailure } from "@/lib/intelligent-ui";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { authorizeChoiceAgain, issuedQueryValues, type IssuedReading } from "../readings/index";
import { appendEvents, chatLock, readUnderLock, storedTimestamp, toUiAnswerView } from "../store";
import { type LockedTurns, sendOrQueue } from "../turns/start";
import { quotedReadingSchema, uiBlockSchema, type QuotedReading, type UiAnswerView } from "../wire";
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
 * context is sent as the next message (or queued), then the answer is recorded with its events.
 * The message is written before the answer, so no crash or race records one without the other.
 */
export async function answerUiChoice(request: UiChoiceRequest): Promise<UiChoiceOutcome> {
  return db().$transaction(async (tx) => {
    const found = await lockAnswerableBlock(tx, request);
    if (found.answer) {
      const { answer } = found;
      if (answer.choiceId !== request.choiceId) {
        throw new AppError("ui-already-answered", `This block was already answered with “${answer.label}”.`);
      }
      return { status: answer.queued ? "queued" : "sent", answer };
    }
    const { chat, block, completedAt, newer, readings } = found;
    const key = { itemId: request.itemId, blockId: request.blockId, revision: request.revision };
    const { selection, quoted } = resolveLiveChoice(block, readings, request);
    await authorizeChoiceAgain(tx, { ...request, block, values: selection.values });
    // The message carries the pick whole, as its answer records it.
    const pick = { ...key, choiceId: request.choiceId, label: selection.label, values: selection.values, sourceAt: completedAt, older: newer, at: new Date() };
    const origin = { kind: "uiChoice" as const, ...pick, sourceAt: pick.sourceAt.toISOString(), at: pick.at.toISOString() };
    const sent = await sendOrQueue(tx, chat, { text: selection.context, origin });
    const row: AnswerRow = {
      ...pick,
      id: randomUUID(),
      readings: quoted,
      queued: sent.status === "queued",
      turnId: sent.turnId,
      messageId: sent.itemId,
      queuedId: sent.queuedId,
    };
    const recorded = toUiAnswerView(row);
    await appendEvents(tx, request.chatId, [{ type: "ui.answered", itemId: request.itemId, answer: recorded }, ...sent.events], [answerInsert(row), ...sent.writes], { chat: sent.chat });
    return { status: sent.status, answer: recorded };
  });
}

type AnswerRow = Parameters<typeof toUiAnswerView>[0] & { id: string; messageId: string | null; queuedId: bigint | null };

/** The answer's row, as a common table expression of the statement that appends its events. */
function answerInsert(row: AnswerRow): Prisma.Sql {
  return Prisma.sql`answer AS (
      INSERT INTO "UiAnswer" ("id", "itemId", "blockId", "revision", "choiceId", "label", "values", "readings", "sourceAt", "older", "queued", "turnId", "messageId", "queuedId", "at")
      VALUES (${row.id}::uuid, ${row.itemId}::uuid, ${row.blockId}, ${row.revision}, ${row.choiceId}, ${row.label}, ${JSON.stringify(row.values)}::jsonb,
        ${JSON.stringify(row.readings)}::jsonb, ${row.sourceAt}, ${row.older}, ${row.queued}, ${row.turnId}::uuid, ${row.messageId}::uuid, ${row.queuedId?.toString() ?? null}::bigint, ${row.at})
    )`;
}

const STALE_REASONS = {
  streaming: "This reply is still being written; its choices open when it finishes.",
  subagent: "A subagent wrote this block; it can be read but not answered.",
  unfinished: "This reply did not finish; retry it to get a block you can answer.",
  revision: "This block has changed since your page drew it; the new version is shown now.",
} as const;

const answerableRowSchema = z.object({
  activeTurnId: z.string().nullable(),
  lastPosition: z.number().int(),
  stale: z.boolean(),
  // The reply: all null when the chat holds no such reply.
  status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]).nullable(),
  parentToolUseId: z.string().nullable(),
  revision: z.number().int().nullable(),
  completedAt: z.date().nullable(),
  block: z.unknown(),
  newer: z.boolean(),
  answer: z
    .object({
      choiceId: z.string(),
      label: z.string(),
      values: z.unknown(),
      readings: z.unknown(),
      sourceAt: storedTimestamp,
      older: z.boolean(),
      at: storedTimestamp,
      queued: z.boolean(),
      turnId: z.string().nullable(),
    })
    .nullable(),
  // The fresh readings of this block and revision that the page named; null when there are none.
  readings: z.array(z.object({ id: z.string(), query: z.string(), argsKey: z.string(), args: z.unknown(), value: z.unknown(), frozen: z.boolean(), readAt: storedTimestamp })).nullable(),
});

/** An answered block, answered again from its answer; or an open one, with what a pick rests on. */
type Answerable =
  | { chat: LockedTurns; answer: UiAnswerView; block: null }
  | { chat: LockedTurns; answer: null; block: UiBlock; completedAt: Date; newer: boolean; readings: ProvenReading[] };

/** A fresh reading the page named, with the arguments it was issued for, which an answer quotes. */
type ProvenReading = IssuedReading & { args: unknown };

/**
 * Locks the visitor's chat and finds the block at the requested revision of a finished,
 * top-level reply, or refuses. One statement, as nothing is decided between taking the lock and
 * reading: it locks the chat row, reads the reply, picks the one block out of its stored blocks,
 * and says whether a newer reply came since, how this block and revision were answered, and what
 * the readings the page named for a live block's queries hold.
 */
async function lockAnswerableBlock(tx: Tx, request: UiChoiceRequest): Promise<Answerable> {
  const rows = await readUnderLock(() => tx.$queryRaw<z.input<typeof answerableRowSchema>[]>`
    WITH ${chatLock(request)}
    SELECT chat."activeTurnId", chat."lastPosition", chat."stale",
      item."status"::text AS "status", item."parentToolUseId", item."revision", item."completedAt",
      -- The block only when it is to be answered: a replay answers from its answer alone.
      CASE WHEN answer."id" IS NULL THEN
        (SELECT block FROM jsonb_array_elements(COALESCE(item."blocks", '[]'::jsonb)) AS block WHERE block->>'id' = ${request.blockId})
      END AS "block",
      EXISTS (SELECT 1 FROM "Item" later WHERE later."chatId" = chat."id" AND later."role" = 'assistant'
        AND later."parentToolUseId" IS NULL AND later."position" > item."position") AS "newer",
      to_jsonb(answer) AS "answer",
      (SELECT jsonb_agg(reading) FROM "UiReading" reading WHERE reading."id" = ANY(${Object.values(request.reads ?? {})}::uuid[])
        AND reading."itemId" = item."id" AND reading."blockId" = ${request.blockId} AND reading."revision" = ${request.revision} AND reading."state" = 'fresh') AS "readings"
    FROM chat
    LEFT JOIN "Item" item ON item."id" = ${request.itemId}::uuid AND item."chatId" = chat."id" AND item."role" = 'assistant'
    LEFT JOIN "UiAnswer" answer ON answer."itemId" = item."id" AND answer."blockId" = ${request.blockId} AND answer."revision" = ${request.revision}`);
  if (rows.length === 0) throw new AppError("chat-not-found", "This chat does not exist.");
  const row = answerableRowSchema.parse(rows[0]);
  if (row.status === null) throw new AppError("ui-block-not-found", "This block is not in the chat.");
  const stale = (reason: keyof typeof STALE_REASONS) => new AppError("stale-ui-block", STALE_REASONS[reason], reason);
  if (row.status === "streaming") throw stale("streaming");
  if (row.parentToolUseId !== null) throw stale("subagent");
  if (row.status !== "complete" || !row.completedAt) throw stale("unfinished");
  if (row.revision !== request.revision) throw stale("revision");
  const { itemId, blockId, revision } = request;
  const chat = { id: request.chatId, activeTurnId: row.activeTurnId, lastPosition: row.lastPosition };
  if (row.answer) return { chat, answer: toUiAnswerView({ itemId, blockId, revision, ...row.answer }), block: null };
  if (row.block === null || row.block === undefined) throw new AppError("ui-block-not-found", "This block is not in the chat.");
  return { chat, answer: null, block: uiBlockSchema.parse(row.block), completedAt: row.completedAt, newer: row.newer, readings: row.readings ?? [] };
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
 * The readings that proved them are what the answer quotes. A `UiFailure` becomes the refusal's code.
 */
function resolveLiveChoice(block: UiBlock, readings: ProvenReading[], request: UiChoiceRequest): { selection: UiChoiceSelection; quoted: Record<string, QuotedReading> } {
  const reads = request.reads ?? {};
  try {
    const queries = issuedQueryValues({ block, readings, values: request.values, reads, now: Date.now() });
    if (queries === null) throw new AppError("stale-ui-query", "The live data on your screen has changed since it was read; it is being read again, then pick again.", "stale-read");
    // A stored block is honest: it gets room on a busy server, never a refusal on time.
    const selection = resolveStoredUiChoice(block, request.choiceId, request.values, queries);
    const quoted = Object.fromEntries(
      Object.entries(queries).map(([name, value]) => {
        const row = readings.find((candidate) => candidate.id === reads[name])!;
        return [name, quotedReadingSchema.parse({ readId: row.id, args: row.args, value, readAt: row.readAt.toISOString() })];
      }),
    );
    return { selection, quoted };
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
