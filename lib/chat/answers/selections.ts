import "server-only";
import { randomUUID } from "node:crypto";
import { COMPONENT_PROTOCOL, ComponentSelectionEventSchema, selectChoice, type ComponentSelectionEvent } from "@/lib/component-frames";
import { AppError } from "@/lib/http/errors";
import { proposalView, proposeAction } from "./confirmations";
import { chatTransaction, type ChatLock, type Tx } from "../store/chats";
import { writeChat, type ChatWrite } from "../store/log";
import { type FrameTarget, lockAnswerableFrame } from "../store/selections";
import { sendOrQueue } from "../store/turns";
import { toSelectionView } from "../store/views";
import { reopensList, type ComponentPart, type SelectionView } from "../wire";

export type SelectionOutcome = {
  /** `sent` or `queued`: the choice became a message; `proposed`: it awaits confirmation. */
  status: "sent" | "queued" | "proposed";
  selection: SelectionView;
  event: ComponentSelectionEvent;
};

/**
 * A pick, under the chat lock, checked against the stored frame and recorded once per attempt (same
 * choice answers the same; another is refused). A typed action only proposes a confirmation.
 */
export async function selectFrameChoice(target: FrameTarget): Promise<SelectionOutcome> {
  return chatTransaction(async (tx) => {
    const { lock, part, latest, alias } = await findAnswerableFrame(tx, target);
    if (latest && !latest.reopened) {
      if (latest.choiceId !== target.choiceId) {
        throw new AppError("frame-already-answered", `This list was already answered with “${latest.label}”.`);
      }
      const status = latest.confirmationToken ? "proposed" : latest.queued ? "queued" : "sent";
      return { status, selection: toSelectionView(latest), event: ComponentSelectionEventSchema.parse(latest.event) };
    }

    const selected = selectChoice(
      { protocol: COMPONENT_PROTOCOL, version: 1, type: "render", componentKey: part.componentKey, instanceId: part.instanceId, props: part.props, fallback: part.fallback },
      target.choiceId,
    );
    if (!selected.ok) throw new AppError("refused_choice", "That choice is not one this list offers.", selected.diagnostic.code);
    const { choice, event } = selected;
    const base = { id: randomUUID(), itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id, label: choice.label, event, attempt: (latest?.attempt ?? 0) + 1, at: new Date() };

    if (choice.action) {
      const origin = { chatId: target.chatId, itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id };
      const proposal = await proposeAction({ sessionId: target.visitorId, action: choice.action });
      if (!proposal.ok) throw new AppError("action-refused", "This action cannot be proposed.", proposal.diagnostic.code);
      const row = { ...base, queued: false, messageId: null, queuedId: null, confirmationToken: proposal.record.token };
      const selection = toSelectionView(row);
      const confirmation = proposalView(origin, proposal.record);
      await writeChat(lock, {
        events: [{ type: "selection.recorded", itemId: target.itemId, selection }, { type: "confirmation.updated", itemId: target.itemId, confirmation }],
        writes: [{ kind: "proposal", proposal: { origin, record: proposal.record } }, { kind: "selection", selection: row }],
      });
      return { status: "proposed", selection, event };
    }

    const sent = await sendOrQueue(lock, {
      text: alias ?? choice.label,
      origin: { kind: "frame", itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id, label: choice.label, granted: alias !== null },
    });
    const row = { ...base, queued: sent.status === "queued", messageId: sent.itemId, queuedId: sent.queuedId, confirmationToken: null };
    const selection = toSelectionView(row);
    const writes: ChatWrite[] = [{ kind: "selection", selection: row }, ...sent.writes];
    if (alias !== null) writes.push({ kind: "grantUse", grant: { itemId: target.itemId, instanceId: target.instanceId, choiceId: target.choiceId, at: row.at } });
    await writeChat(lock, { events: [{ type: "selection.recorded", itemId: target.itemId, selection }, ...sent.events], writes, chat: sent.chat });
    return { status: sent.status, selection, event };
  });
}

type Found = Awaited<ReturnType<typeof lockAnswerableFrame>>;

type AnswerableFrame = {
  lock: ChatLock;
  part: ComponentPart;
  /** The list's latest pick, and whether the proposal it made ended without running. */
  latest: (NonNullable<Found["latest"]> & { reopened: boolean }) | null;
  alias: string | null;
};

async function findAnswerableFrame(tx: Tx, target: FrameTarget): Promise<AnswerableFrame> {
  const { lock, ...row } = await lockAnswerableFrame(tx, target);
  if (!row.role || !row.part) throw new AppError("frame-not-found", "This list is not in the chat.");
  if (row.role !== "assistant" || row.parentToolUseId !== null || row.status !== "complete") {
    throw new AppError("frame-not-answerable", "This list cannot be answered: its reply is still streaming or was not finished.");
  }
  // The page drew an earlier version: the reply was written again since (decision 021).
  if (target.revision !== undefined && target.revision !== row.revision) {
    throw new AppError("older-version", "This list belongs to an earlier version of the reply; only the newest version can be answered.");
  }
  const reopened = row.confirmationStatus !== null && reopensList({ status: row.confirmationStatus, outcome: row.confirmationOutcome });
  return {
    lock,
    part: row.part,
    latest: row.latest && { ...row.latest, reopened },
    alias: row.alias,
  };
}
