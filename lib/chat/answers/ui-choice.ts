import "server-only";
import { randomUUID } from "node:crypto";
import {
  isUiFailure,
  resolveStoredUiChoice,
  type UiBlock,
  type UiChoiceSelection,
  type UiFailure,
} from "@/lib/intelligent-ui";
import { AppError } from "@/lib/http/errors";
import { authorizeChoiceAgain, issuedQueryValues, type IssuedReading } from "../readings/index";
import { lockAnswerableBlock } from "../store/answers";
import { chatTransaction, type ChatLock, type Tx } from "../store/chats";
import { writeChat } from "../store/log";
import { sendOrQueue } from "../store/turns";
import { toUiAnswerView } from "../store/views";
import { quotedReadingSchema, uiBlockSchema, type QuotedReading, type UiAnswerView } from "../wire";

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

/** An answered block answers its first pick again; otherwise only a pick possible on that screen passes. */
export async function answerUiChoice(request: UiChoiceRequest): Promise<UiChoiceOutcome> {
  return chatTransaction(async (tx) => {
    const found = await findAnswerable(tx, request);
    if (found.answer) {
      const { answer } = found;
      if (answer.choiceId !== request.choiceId) {
        throw new AppError(
          "ui-already-answered",
          `This block was already answered with “${answer.label}”.`,
        );
      }
      return { status: answer.queued ? "queued" : "sent", answer };
    }
    const { lock, block, completedAt, newer, readings } = found;
    const key = { itemId: request.itemId, blockId: request.blockId, revision: request.revision };
    const { selection, quoted } = resolveLiveChoice(block, readings, request);
    await authorizeChoiceAgain(tx, { ...request, block, values: selection.values });
    const pick = {
      ...key,
      choiceId: request.choiceId,
      label: selection.label,
      values: selection.values,
      sourceAt: completedAt,
      older: newer,
      at: new Date(),
    };
    const origin = {
      kind: "uiChoice" as const,
      ...pick,
      sourceAt: pick.sourceAt.toISOString(),
      at: pick.at.toISOString(),
    };
    const sent = await sendOrQueue(lock, { text: selection.context, origin });
    const answer = {
      ...pick,
      id: randomUUID(),
      readings: quoted,
      queued: sent.status === "queued",
      turnId: sent.turnId,
      messageId: sent.itemId,
      queuedId: sent.queuedId,
    };
    const recorded = toUiAnswerView(answer);
    const events = [
      { type: "ui.answered" as const, itemId: request.itemId, answer: recorded },
      ...sent.events,
    ];
    await writeChat(lock, {
      events,
      writes: [{ kind: "answer", answer }, ...sent.writes],
      chat: sent.chat,
    });
    return { status: sent.status, answer: recorded };
  });
}

const STALE_REASONS = {
  streaming: "This reply is still being written; its choices open when it finishes.",
  subagent: "A subagent wrote this block; it can be read but not answered.",
  unfinished: "This reply did not finish; retry it to get a block you can answer.",
  revision: "This block has changed since your page drew it; the new version is shown now.",
} as const;

/** An answered block, answered again from its answer; or an open one, with what a pick rests on. */
type Answerable =
  | { lock: ChatLock; answer: UiAnswerView; block: null }
  | {
      lock: ChatLock;
      answer: null;
      block: UiBlock;
      completedAt: Date;
      newer: boolean;
      readings: ProvenReading[];
    };

/** A fresh reading the page named, with the arguments it was issued for, which an answer quotes. */
type ProvenReading = IssuedReading & { args: unknown };

/** The block at the requested revision of a finished, top-level reply, under the chat lock. */
async function findAnswerable(tx: Tx, request: UiChoiceRequest): Promise<Answerable> {
  const { lock, ...row } = await lockAnswerableBlock(tx, request);
  if (row.status === null)
    throw new AppError("ui-block-not-found", "This block is not in the chat.");
  const stale = (reason: keyof typeof STALE_REASONS) =>
    new AppError("stale-ui-block", STALE_REASONS[reason], reason);
  if (row.status === "streaming") throw stale("streaming");
  if (row.parentToolUseId !== null) throw stale("subagent");
  if (row.status !== "complete" || !row.completedAt) throw stale("unfinished");
  if (row.revision !== request.revision) throw stale("revision");
  const { itemId, blockId, revision } = request;
  if (row.answer)
    return {
      lock,
      answer: toUiAnswerView({ itemId, blockId, revision, ...row.answer }),
      block: null,
    };
  if (row.block === null || row.block === undefined)
    throw new AppError("ui-block-not-found", "This block is not in the chat.");
  return {
    lock,
    answer: null,
    block: uiBlockSchema.parse(row.block),
    completedAt: row.completedAt,
    newer: row.newer,
    readings: row.readings ?? [],
  };
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

/** With the query values the server issued, never the page's: unproven reads are `stale-ui-query`. */
function resolveLiveChoice(
  block: UiBlock,
  readings: ProvenReading[],
  request: UiChoiceRequest,
): { selection: UiChoiceSelection; quoted: Record<string, QuotedReading> } {
  const reads = request.reads ?? {};
  try {
    const queries = issuedQueryValues({
      block,
      readings,
      values: request.values,
      reads,
      now: Date.now(),
    });
    if (queries === null)
      throw new AppError(
        "stale-ui-query",
        "The live data on your screen has changed since it was read; it is being read again, then pick again.",
        "stale-read",
      );
    // A stored block is honest: it gets room on a busy server, never a refusal on time.
    const selection = resolveStoredUiChoice(block, request.choiceId, request.values, queries);
    const quoted = Object.fromEntries(
      Object.entries(queries).map(([name, value]) => {
        const row = readings.find((candidate) => candidate.id === reads[name])!;
        return [
          name,
          quotedReadingSchema.parse({
            readId: row.id,
            args: row.args,
            value,
            readAt: row.readAt.toISOString(),
          }),
        ];
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
    : error.code === "refused_access"
      ? "refused_binding"
      : "invalid_value";
  return new AppError(code, FAILURE_MESSAGES[code], error.code === code ? undefined : error.code);
}
