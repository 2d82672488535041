import {
  createActionConfirmation,
  createMemoryConfirmationStore,
  type ChoiceAction,
} from "@/lib/component-frames";
import { appTools } from "@/lib/tools";

// The app's store is Postgres (lib/chat/store/confirmations.ts): `compareAndSwap` is
// `UPDATE … WHERE token = $1 AND status = $2`, so one decision wins across instances.
const confirmations = createActionConfirmation({
  tools: appTools,
  store: createMemoryConfirmationStore(),
  ttlMs: 5 * 60_000,
});

/** A choice's action never runs on the pick: it proposes a handle that a person approves or rejects. */
export async function proposeAction(sessionId: string, action: ChoiceAction) {
  const proposed = await confirmations.propose({ sessionId, action });
  // ACTION_UNREGISTERED, ACTION_INVALID_INPUT, …: the pick is refused and nothing is stored.
  return proposed.ok ? { token: proposed.record.token } : { refused: proposed.diagnostic.code };
}

/** Only an approved, unexpired handle runs its tool, once; its outcome is stored on the handle. */
export async function decide(sessionId: string, token: string, decision: "approve" | "reject") {
  const result =
    decision === "approve"
      ? await confirmations.approve(token, sessionId)
      : await confirmations.reject(token, sessionId);
  return result.ok
    ? { status: result.record.status, outcome: result.record.outcome }
    : { refused: result.diagnostic.code };
}
