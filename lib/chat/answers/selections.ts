import "server-only";
import { randomUUID } from "node:crypto";
import {
  COMPONENT_PROTOCOL,
  ComponentSelectionEventSchema,
  selectChoice,
  type ComponentSelectionEvent,
} from "@/lib/component-frames";
import { AppError } from "@/lib/http/errors";
import { proposalView, proposeAction } from "./confirmations";
import { chatTransaction } from "../store/chats";
import { type ChatChange, type ChatWrite, writeChat, writeUnmoved } from "../store/log";
import { type FrameTarget, lockAnswerableFrame, readAnswerableFrame } from "../store/selections";
import { type Message, sendOrQueue, turnStart } from "../store/turns";
import { toSelectionView } from "../store/views";
import { reopensList, type SelectionView } from "../wire";

export type SelectionOutcome = {
  /** `sent` or `queued`: the choice became a message; `proposed`: it awaits confirmation. */
  status: "sent" | "queued" | "proposed";
  selection: SelectionView;
  event: ComponentSelectionEvent;
};

/**
 * A pick, checked against the stored frame and recorded once per attempt (same choice answers the
 * same; another is refused). A typed action only proposes a confirmation. In an idle chat it is one
 * read and one write that lands only if the log has not moved since (decision 013); behind a running
 * reply, or once the log moved, it is made under the chat lock.
 */
export async function selectFrameChoice(target: FrameTarget): Promise<SelectionOutcome> {
  const { chat, ...read } = await readAnswerableFrame(target);
  if (!chat.activeTurnId) {
    const pick = await decidePick(read, target, (message) => turnStart(chat, message));
    if (!pick.change || (await writeUnmoved(target.chatId, chat.lastEventSeq, pick.change)))
      return pick.outcome;
  }
  return chatTransaction(async (tx) => {
    const { lock, ...locked } = await lockAnswerableFrame(tx, target);
    const pick = await decidePick(locked, target, (message) => sendOrQueue(lock, message));
    if (pick.change) await writeChat(lock, pick.change);
    return pick.outcome;
  });
}

type FrameRow = Omit<Awaited<ReturnType<typeof readAnswerableFrame>>, "chat">;
type Sent = Awaited<ReturnType<typeof sendOrQueue>>;

/** What the pick answers, and the change that records it (none when it answers an earlier pick again). */
async function decidePick(
  frame: FrameRow,
  target: FrameTarget,
  send: (message: Message) => Sent | Promise<Sent>,
): Promise<{ outcome: SelectionOutcome; change: ChatChange | null }> {
  const { part, latest, alias } = answerableFrame(frame, target);
  if (latest && !latest.reopened) {
    if (latest.choiceId !== target.choiceId) {
      throw new AppError(
        "frame-already-answered",
        `This list was already answered with “${latest.label}”.`,
      );
    }
    const status = latest.confirmationToken ? "proposed" : latest.queued ? "queued" : "sent";
    return {
      outcome: {
        status,
        selection: toSelectionView(latest),
        event: ComponentSelectionEventSchema.parse(latest.event),
      },
      change: null,
    };
  }

  const selected = selectChoice(
    {
      protocol: COMPONENT_PROTOCOL,
      version: 1,
      type: "render",
      componentKey: part.componentKey,
      instanceId: part.instanceId,
      props: part.props,
      fallback: part.fallback,
    },
    target.choiceId,
  );
  if (!selected.ok)
    throw new AppError(
      "refused_choice",
      "That choice is not one this list offers.",
      selected.diagnostic.code,
    );
  const { choice, event } = selected;
  const base = {
    id: randomUUID(),
    itemId: target.itemId,
    instanceId: target.instanceId,
    choiceId: choice.id,
    label: choice.label,
    event,
    attempt: (latest?.attempt ?? 0) + 1,
    at: new Date(),
  };

  if (choice.action) {
    const origin = {
      chatId: target.chatId,
      itemId: target.itemId,
      instanceId: target.instanceId,
      choiceId: choice.id,
    };
    const proposal = await proposeAction({ sessionId: target.visitorId, action: choice.action });
    if (!proposal.ok)
      throw new AppError(
        "action-refused",
        "This action cannot be proposed.",
        proposal.diagnostic.code,
      );
    const row = {
      ...base,
      queued: false,
      messageId: null,
      queuedId: null,
      confirmationToken: proposal.record.token,
    };
    const selection = toSelectionView(row);
    const confirmation = proposalView(origin, proposal.record);
    return {
      outcome: { status: "proposed", selection, event },
      change: {
        events: [
          { type: "selection.recorded", itemId: target.itemId, selection },
          { type: "confirmation.updated", itemId: target.itemId, confirmation },
        ],
        writes: [
          { kind: "proposal", proposal: { origin, record: proposal.record } },
          { kind: "selection", selection: row },
        ],
      },
    };
  }

  const sent = await send({
    text: alias ?? choice.label,
    origin: {
      kind: "frame",
      itemId: target.itemId,
      instanceId: target.instanceId,
      choiceId: choice.id,
      label: choice.label,
      granted: alias !== null,
    },
  });
  const row = {
    ...base,
    queued: sent.status === "queued",
    messageId: sent.itemId,
    queuedId: sent.queuedId,
    confirmationToken: null,
  };
  const selection = toSelectionView(row);
  const writes: ChatWrite[] = [{ kind: "selection", selection: row }, ...sent.writes];
  if (alias !== null)
    writes.push({
      kind: "grantUse",
      grant: {
        itemId: target.itemId,
        instanceId: target.instanceId,
        choiceId: target.choiceId,
        at: row.at,
      },
    });
  return {
    outcome: { status: sent.status, selection, event },
    change: {
      events: [{ type: "selection.recorded", itemId: target.itemId, selection }, ...sent.events],
      writes,
      chat: sent.chat,
    },
  };
}

/** The frame a pick may answer: in a finished, top-level reply, at the version the page drew. */
function answerableFrame(row: FrameRow, target: FrameTarget) {
  if (!row.role || !row.part)
    throw new AppError("frame-not-found", "This list is not in the chat.");
  if (row.role !== "assistant" || row.parentToolUseId !== null || row.status !== "complete") {
    throw new AppError(
      "frame-not-answerable",
      "This list cannot be answered: its reply is still streaming or was not finished.",
    );
  }
  // The page drew an earlier version: the reply was written again since (decision 021).
  if (target.revision !== undefined && target.revision !== row.revision) {
    throw new AppError(
      "older-version",
      "This list belongs to an earlier version of the reply; only the newest version can be answered.",
    );
  }
  // The list's latest pick, and whether the proposal it made ended without running.
  const reopened =
    row.confirmationStatus !== null &&
    reopensList({ status: row.confirmationStatus, outcome: row.confirmationOutcome });
  return { part: row.part, latest: row.latest && { ...row.latest, reopened }, alias: row.alias };
}
