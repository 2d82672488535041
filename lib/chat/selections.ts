import "server-only";
import { COMPONENT_PROTOCOL, ComponentSelectionEventSchema, selectChoice, type ComponentSelectionEvent } from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { proposeAction } from "./confirmations";
import { appendEvents, lockChat, toConfirmationView, toSelectionView } from "./store";
import { sendOrQueue } from "./turns/start";
import { partSchema, reopensList, type ChatEvent, type ComponentPart, type SelectionView } from "./wire";
import { z } from "zod";

export type SelectionOutcome = {
  /** `sent` or `queued`: the choice became a message; `proposed`: it awaits confirmation. */
  status: "sent" | "queued" | "proposed";
  selection: SelectionView;
  event: ComponentSelectionEvent;
};

type Target = { chatId: string; visitorId: string; itemId: string; instanceId: string; choiceId: string };

/**
 * A person picks a choice of a ChoiceList. In one transaction under the chat lock: the frame is
 * found as the server stored it, the choice is checked against its validated props, and the pick
 * is recorded once per frame instance (the same choice again answers the same; another is
 * refused). A plain choice sends its visible text as the person's next message (or queues it); a
 * route's granted choice sends its alias; a typed action only proposes a confirmation. When that
 * proposal ended without running (`reopensList`), the list is open again and the next pick is
 * recorded as the next attempt: another choice, or the same one proposed anew.
 */
export async function selectFrameChoice(target: Target): Promise<SelectionOutcome> {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId: target.chatId, visitorId: target.visitorId });
    const part = await findAnswerableFrame(tx, target);
    const existing = await tx.frameSelection.findFirst({ where: { itemId: target.itemId, instanceId: target.instanceId }, orderBy: { attempt: "desc" } });
    if (existing && !(await reopened(tx, existing.confirmationToken))) {
      if (existing.choiceId !== target.choiceId) {
        throw new AppError("frame-already-answered", `This list was already answered with “${existing.label}”.`);
      }
      const status = existing.confirmationToken ? "proposed" : existing.queued ? "queued" : "sent";
      return { status, selection: toSelectionView(existing), event: ComponentSelectionEventSchema.parse(existing.event) };
    }

    const selected = selectChoice(
      { protocol: COMPONENT_PROTOCOL, version: 1, type: "render", componentKey: part.componentKey, instanceId: part.instanceId, props: part.props, fallback: part.fallback },
      target.choiceId,
    );
    if (!selected.ok) throw new AppError("refused_choice", "That choice is not one this list offers.", selected.diagnostic.code);
    const { choice, event } = selected;
    const attempt = (existing?.attempt ?? 0) + 1;
    const base = { itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id, label: choice.label, event, attempt };
    const events: ChatEvent[] = [];

    let status: SelectionOutcome["status"];
    let row;
    if (choice.action) {
      const origin = { chatId: target.chatId, itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id };
      const proposal = await proposeAction(tx, origin, { sessionId: target.visitorId, action: choice.action });
      if (!proposal.ok) throw new AppError("action-refused", "This action cannot be proposed.", proposal.diagnostic.code);
      row = await tx.frameSelection.create({ data: { ...base, queued: false, confirmationToken: proposal.record.token } });
      const confirmation = toConfirmationView(await tx.actionConfirmation.findUniqueOrThrow({ where: { token: proposal.record.token } }));
      events.push({ type: "confirmation.updated", itemId: target.itemId, confirmation });
      status = "proposed";
    } else {
      const alias = await claimGrant(tx, target);
      const sent = await sendOrQueue(tx, chat, {
        text: alias ?? choice.label,
        origin: { kind: "frame", itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id, label: choice.label, granted: alias !== null },
      });
      row = await tx.frameSelection.create({
        data: { ...base, queued: sent.status === "queued", messageId: sent.itemId, queuedId: sent.queuedId },
      });
      status = sent.status;
      events.push(...sent.events);
    }
    const selection = toSelectionView(row);
    await appendEvents(tx, target.chatId, [{ type: "selection.recorded", itemId: target.itemId, selection }, ...events]);
    return { status, selection, event };
  });
}

const storedPartsSchema = z.array(partSchema);

/** Whether the confirmation an earlier pick proposed ended in a way that gives the choice back. */
async function reopened(tx: Tx, token: string | null): Promise<boolean> {
  if (!token) return false;
  const confirmation = await tx.actionConfirmation.findUnique({ where: { token }, select: { status: true, outcome: true } });
  return confirmation !== null && reopensList(confirmation);
}

async function findAnswerableFrame(tx: Tx, target: Target): Promise<ComponentPart> {
  const item = await tx.item.findFirst({ where: { id: target.itemId, chatId: target.chatId } });
  const part = item
    ? storedPartsSchema.parse(item.parts).find((candidate): candidate is ComponentPart => candidate.kind === "component" && candidate.instanceId === target.instanceId)
    : undefined;
  if (!item || !part) throw new AppError("frame-not-found", "This list is not in the chat.");
  if (item.role !== "assistant" || item.parentToolUseId !== null || item.status !== "complete") {
    throw new AppError("frame-not-answerable", "This list cannot be answered: its reply is still streaming or was not finished.");
  }
  return part;
}

/** Uses the route's grant for exactly this choice, once; returns its alias, or null without one. */
async function claimGrant(tx: Tx, target: Target): Promise<string | null> {
  const grant = await tx.deterministicGrant.findUnique({
    where: { itemId_instanceId_choiceId: { itemId: target.itemId, instanceId: target.instanceId, choiceId: target.choiceId } },
  });
  if (!grant) return null;
  const { count } = await tx.deterministicGrant.updateMany({ where: { id: grant.id, usedAt: null }, data: { usedAt: new Date() } });
  return count === 1 ? grant.alias : null;
}
