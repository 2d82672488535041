import "server-only";
import { randomUUID } from "node:crypto";
import { isUiFailure, resolveStoredUiChoice, type UiFailure } from "@/lib/intelligent-ui";
import { AppError } from "@/lib/http/errors";
import { authorizeChoiceAgain, issuedQueryValues } from "../readings/index";
import { chatTransaction, lockAnswerableBlock, type AnswerableBlock } from "../store/chats";
import { writeChat } from "../store/log";
import { sendOrQueue } from "../store/turns";
import { toUiAnswerView } from "../store/views";
import { quotedReadingSchema, type QuotedReading, type UiAnswerView } from "../wire";

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
 * `chat.uiChoice`: a person picks a Choice of an intelligent-ui block. One transaction, under the
 * chat's lock, in the order below; any refusal throws before anything is written.
 */
export async function pickUiChoice(request: UiChoiceRequest): Promise<UiChoiceOutcome> {
  return chatTransaction(async (tx) => {
    // 1. Find the block under the chat's lock, with its answer and the readings the page named.
    const { lock, ...found } = await lockAnswerableBlock(tx, request);

    // 2. Only a finished, top-level reply at the revision the page drew can be answered.
    checkAnswerable(found, request.revision);
    const { itemId, blockId, revision, choiceId } = request;

    // 3. An answered block answers its first pick again, and refuses any other.
    if (found.answer) {
      const answer = toUiAnswerView(found.answer);
      if (answer.choiceId !== choiceId)
        throw new AppError(
          "ui-already-answered",
          `This block was already answered with “${answer.label}”.`,
        );
      return { status: answer.queued ? "queued" : "sent", answer };
    }
    const { block } = found;
    if (!block) throw blockNotFound();

    // 4. Resolve the pick on the stored block. A live block's query values are the readings the
    //    server issued and the page named by id, never values the page sent.
    const live = Object.keys(block.queries).length > 0;
    const readings = found.readings ?? [];
    const reads = request.reads ?? {};
    const queries = live
      ? resolveOnBlock(() =>
          issuedQueryValues({ block, readings, values: request.values, reads, now: Date.now() }),
        )
      : {};
    if (queries === null)
      throw new AppError(
        "stale-ui-query",
        "The live data on your screen has changed since it was read; it is being read again, then pick again.",
        "stale-read",
      );
    const selection = resolveOnBlock(() =>
      resolveStoredUiChoice(block, choiceId, request.values, queries),
    );
    if (live) await authorizeChoiceAgain(tx, { ...request, block, values: selection.values });

    // 5. Send the Choice's context as the person's message, or queue it behind a running reply,
    //    and record the answer with it: one append, one commit.
    const at = new Date();
    const pick = { itemId, blockId, revision, choiceId, label: selection.label };
    const origin = {
      kind: "uiChoice" as const,
      ...pick,
      values: selection.values,
      sourceAt: found.completedAt!.toISOString(),
      older: found.newer,
      at: at.toISOString(),
    };
    const sent = await sendOrQueue(lock, { text: selection.context, origin });
    const answer = {
      ...pick,
      id: randomUUID(),
      values: selection.values,
      readings: live ? quoteReadings(queries, readings, reads) : {},
      sourceAt: found.completedAt!,
      older: found.newer,
      at,
      queued: sent.status === "queued",
      turnId: sent.turnId,
      messageId: sent.itemId,
      queuedId: sent.queuedId,
    };
    const recorded = toUiAnswerView(answer);
    await writeChat(lock, {
      events: [{ type: "ui.answered", itemId, answer: recorded }, ...sent.events],
      writes: [{ kind: "answer", answer }, ...sent.writes],
      chat: sent.chat,
    });
    return { status: sent.status, answer: recorded };
  });
}

/** What an answer quotes of each reading it rests on: the read, its arguments, the value, when. */
function quoteReadings(
  queries: Record<string, unknown>,
  readings: NonNullable<AnswerableBlock["readings"]>,
  reads: Record<string, string>,
): Record<string, QuotedReading> {
  return Object.fromEntries(
    Object.entries(queries).map(([name, value]) => {
      const row = readings.find((candidate) => candidate.id === reads[name])!;
      const quoted = { readId: row.id, args: row.args, value, readAt: row.readAt.toISOString() };
      return [name, quotedReadingSchema.parse(quoted)];
    }),
  );
}

const STALE_REASONS = {
  streaming: "This reply is still being written; its choices open when it finishes.",
  subagent: "A subagent wrote this block; it can be read but not answered.",
  unfinished: "This reply did not finish; retry it to get a block you can answer.",
  revision: "This block has changed since your page drew it; the new version is shown now.",
} as const;

function checkAnswerable(found: AnswerableBlock, revision: number): void {
  const stale = (reason: keyof typeof STALE_REASONS) =>
    new AppError("stale-ui-block", STALE_REASONS[reason], reason);
  if (found.status === null) throw blockNotFound();
  if (found.status === "streaming") throw stale("streaming");
  if (found.parentToolUseId !== null) throw stale("subagent");
  if (found.status !== "complete" || !found.completedAt) throw stale("unfinished");
  if (found.revision !== revision) throw stale("revision");
}

function blockNotFound(): AppError {
  return new AppError("ui-block-not-found", "This block is not in the chat.");
}

/** Runs the library's check, its refusals answered as the API's choice codes. */
export function resolveOnBlock<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    if (isUiFailure(error)) throw choiceFailure(error);
    throw error;
  }
}

const FAILURE_CODES = new Set([
  "refused_choice",
  "refused_binding",
  "invalid_value",
  "budget_exceeded",
] as const);
type ChoiceFailureCode = typeof FAILURE_CODES extends Set<infer Code> ? Code : never;

const FAILURE_MESSAGES: Record<ChoiceFailureCode, string> = {
  refused_choice: "That choice is not open on this block.",
  refused_binding: "The values sent do not belong to this block.",
  invalid_value: "The values sent are not ones this block's controls could have produced.",
  budget_exceeded: "This block is too large to check.",
};

/** A library refusal as the API's: one of the four choice codes, with the finer cause as reason. */
function choiceFailure(error: UiFailure): AppError {
  // Other library codes name a finer cause of the same refusals (e.g. a `__proto__` key).
  const code: ChoiceFailureCode = FAILURE_CODES.has(error.code as ChoiceFailureCode)
    ? (error.code as ChoiceFailureCode)
    : error.code === "refused_access"
      ? "refused_binding"
      : "invalid_value";
  return new AppError(code, FAILURE_MESSAGES[code], error.code === code ? undefined : error.code);
}
