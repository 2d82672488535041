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
import { type AnswerableFrame, type FrameTarget, framePickTransaction } from "../store/chats";
import { type ChatWrite, writeChat } from "../store/log";
import { sendOrQueue } from "../store/turns";
import { toSelectionView } from "../store/views";
import { reopensList, type SelectionView } from "../wire";

export type SelectionOutcome = {
  /** `sent` or `queued`: the choice became a message; `proposed`: it awaits confirmation. */
  status: "sent" | "queued" | "proposed";
  selection: SelectionView;
  event: ComponentSelectionEvent;
};

/**
 * A person picks a Choice of a ChoiceList frame, in the order below: one append records the pick
 * with its message; any refusal throws before anything is written. A typed action only proposes a
 * confirmation; any other choice becomes the person's message.
 */
export async function pickFrameChoice(target: FrameTarget): Promise<SelectionOutcome> {
  // 1. Find the frame with the list's latest pick and any unused grant, and hold the chat: its
  //    lock, or in an idle chat its log's place, so the append below fails if anything moved it.
  return framePickTransaction(target, async (lock, found) => {
    // 2. Only a finished, top-level reply at the version the page drew can be answered.
    const { part, latest, alias } = answerableFrame(found, target);

    // 3. An answered list answers its latest pick again, and refuses any other; a list whose
    //    proposal ended without running is open again.
    if (latest && !latest.reopened) {
      if (latest.choiceId !== target.choiceId)
        throw new AppError(
          "frame-already-answered",
          `This list was already answered with “${latest.label}”.`,
        );
      const status = latest.confirmationToken ? "proposed" : latest.queued ? "queued" : "sent";
      const event = ComponentSelectionEventSchema.parse(latest.event);
      return { status, selection: toSelectionView(latest), event };
    }

    // 4. Resolve the pick on the stored frame: only a choice the list offers passes.
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
    const { itemId, instanceId } = target;
    const pick = {
      id: randomUUID(),
      itemId,
      instanceId,
      choiceId: choice.id,
      label: choice.label,
      event,
      attempt: (latest?.attempt ?? 0) + 1,
      at: new Date(),
    };

    // 5a. A typed action is proposed, and runs only once the person approves it.
    if (choice.action) {
      const origin = { chatId: target.chatId, itemId, instanceId, choiceId: choice.id };
      const proposal = await proposeAction({ sessionId: target.visitorId, action: choice.action });
      if (!proposal.ok)
        throw new AppError(
          "action-refused",
          "This action cannot be proposed.",
          proposal.diagnostic.code,
        );
      const row = {
        ...pick,
        queued: false,
        messageId: null,
        queuedId: null,
        confirmationToken: proposal.record.token,
      };
      const selection = toSelectionView(row);
      const confirmation = proposalView(origin, proposal.record);
      await writeChat(lock, {
        events: [
          { type: "selection.recorded", itemId, selection },
          { type: "confirmation.updated", itemId, confirmation },
        ],
        writes: [
          { kind: "proposal", proposal: { origin, record: proposal.record } },
          { kind: "selection", selection: row },
        ],
      });
      return { status: "proposed", selection, event };
    }

    // 5b. Send the choice (or the route's alias it was granted) as the person's message, or queue
    //     it behind a running reply, and record the pick with it: one append, one commit.
    const sent = await sendOrQueue(lock, {
      text: alias ?? choice.label,
      origin: {
        kind: "frame",
        itemId,
        instanceId,
        choiceId: choice.id,
        label: choice.label,
        granted: alias !== null,
      },
    });
    const row = {
      ...pick,
      queued: sent.status === "queued",
      messageId: sent.itemId,
      queuedId: sent.queuedId,
      confirmationToken: null,
    };
    const selection = toSelectionView(row);
    const grantUse: ChatWrite[] =
      alias === null
        ? []
        : [{ kind: "grantUse", grant: { itemId, instanceId, choiceId: choice.id, at: row.at } }];
    await writeChat(lock, {
      events: [{ type: "selection.recorded", itemId, selection }, ...sent.events],
      writes: [{ kind: "selection", selection: row }, ...sent.writes, ...grantUse],
      chat: sent.chat,
    });
    return { status: sent.status, selection, event };
  });
}

/** The frame a pick may answer: in a finished, top-level reply, at the version the page drew. */
function answerableFrame(row: AnswerableFrame, target: FrameTarget) {
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
