import { isUiFailure, resolveStoredUiChoice } from "@/lib/intelligent-ui";
import type { StoredBlock } from "./compile-fences";

export type UiChoiceRequest = {
  itemId: string;
  blockId: string;
  revision: number;
  choiceId: string;
  values: Record<string, unknown>;
};

type Answer = { choiceId: string; label: string; values: Record<string, unknown> };

/** Your statements, run in one transaction that holds the chat row's lock (`SELECT … FOR UPDATE`). */
export type AnswerStore = {
  lockedBlock(
    itemId: string,
    blockId: string,
  ): Promise<{ block: StoredBlock; complete: boolean; answer: Answer | null } | null>;
  /** Inserts the answer (unique per block and revision) and the person's next message, `context`. */
  insertAnswer(request: UiChoiceRequest, answer: Answer, context: string): Promise<void>;
};

export type UiChoiceResult = { ok: true; answer: Answer } | { ok: false; code: string };

/** `chat.uiChoice`: the pick is resolved on the stored block, never on what the page says it drew. */
export async function pickUiChoice(
  store: AnswerStore,
  request: UiChoiceRequest,
): Promise<UiChoiceResult> {
  const found = await store.lockedBlock(request.itemId, request.blockId);
  if (!found) return { ok: false, code: "ui-block-not-found" };
  if (!found.complete || found.block.revision !== request.revision)
    return { ok: false, code: "stale-ui-block" };
  // A repeated pick answers the same; another choice on an answered block is refused.
  if (found.answer)
    return found.answer.choiceId === request.choiceId
      ? { ok: true, answer: found.answer }
      : { ok: false, code: "ui-already-answered" };
  try {
    const { label, context, values } = resolveStoredUiChoice(
      found.block,
      request.choiceId,
      request.values,
    );
    const answer = { choiceId: request.choiceId, label, values };
    await store.insertAnswer(request, answer, context);
    return { ok: true, answer };
  } catch (error) {
    // refused_choice, refused_binding, invalid_value, budget_exceeded: nothing is written.
    if (isUiFailure(error)) return { ok: false, code: error.code };
    throw error;
  }
}
