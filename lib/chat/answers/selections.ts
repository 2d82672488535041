import "server-only";
import { randomUUID } from "node:crypto";
import { COMPONENT_PROTOCOL, ComponentSelectionEventSchema, selectChoice, type ComponentSelectionEvent } from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { proposalInsert, proposalView, proposeAction } from "./confirmations";
import { appendEvents, chatLock, readUnderLock, storedTimestamp, toSelectionView } from "../store";
import { type LockedTurns, sendOrQueue } from "../turns/start";
import { componentPartSchema, reopensList, type ComponentPart, type SelectionView } from "../wire";
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
    const { chat, part, latest, alias } = await lockAnswerableFrame(tx, target);
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
      await appendEvents(
        tx,
        target.chatId,
        [{ type: "selection.recorded", itemId: target.itemId, selection }, { type: "confirmation.updated", itemId: target.itemId, confirmation }],
        [proposalInsert(origin, proposal.record), selectionInsert(row)],
      );
      return { status: "proposed", selection, event };
    }

    const sent = await sendOrQueue(tx, chat, {
      text: alias ?? choice.label,
      origin: { kind: "frame", itemId: target.itemId, instanceId: target.instanceId, choiceId: choice.id, label: choice.label, granted: alias !== null },
    });
    const row = { ...base, queued: sent.status === "queued", messageId: sent.itemId, queuedId: sent.queuedId, confirmationToken: null };
    const selection = toSelectionView(row);
    const writes = alias === null ? [selectionInsert(row)] : [selectionInsert(row), grantUse(target, row.at)];
    await appendEvents(tx, target.chatId, [{ type: "selection.recorded", itemId: target.itemId, selection }, ...sent.events], [...writes, ...sent.writes], { chat: sent.chat });
    return { status: sent.status, selection, event };
  });
}

type SelectionRow = Parameters<typeof toSelectionView>[0] & {
  id: string;
  itemId: string;
  event: ComponentSelectionEvent;
  attempt: number;
  messageId: string | null;
  queuedId: bigint | null;
};

/** The pick's row, as a common table expression of the statement that appends its events. */
function selectionInsert(row: SelectionRow): Prisma.Sql {
  return Prisma.sql`selection AS (
      INSERT INTO "FrameSelection" ("id", "itemId", "instanceId", "choiceId", "label", "event", "queued", "messageId", "queuedId", "confirmationToken", "attempt", "at")
      VALUES (${row.id}::uuid, ${row.itemId}::uuid, ${row.instanceId}, ${row.choiceId}, ${row.label}, ${JSON.stringify(row.event)}::jsonb, ${row.queued},
        ${row.messageId}::uuid, ${row.queuedId?.toString() ?? null}::bigint, ${row.confirmationToken}, ${row.attempt}, ${row.at})
    )`;
}

/** Uses the route's grant for exactly this choice, once, with the pick that sends its alias. */
function grantUse(target: Target, at: Date): Prisma.Sql {
  return Prisma.sql`grant_use AS (
      UPDATE "DeterministicGrant" SET "usedAt" = ${at}
      WHERE "itemId" = ${target.itemId}::uuid AND "instanceId" = ${target.instanceId} AND "choiceId" = ${target.choiceId} AND "usedAt" IS NULL
    )`;
}

const frameRowSchema = z.object({
  activeTurnId: z.string().nullable(),
  lastPosition: z.number().int(),
  stale: z.boolean(),
  // The reply: all null when the chat holds no such item.
  role: z.enum(["user", "assistant"]).nullable(),
  parentToolUseId: z.string().nullable(),
  status: z.string().nullable(),
  part: componentPartSchema.nullable(),
  latest: z
    .object({
      instanceId: z.string(),
      choiceId: z.string(),
      label: z.string(),
      event: z.unknown(),
      queued: z.boolean(),
      confirmationToken: z.string().nullable(),
      attempt: z.number().int(),
      at: storedTimestamp,
    })
    .nullable(),
  confirmationStatus: z.enum(["pending", "approving", "approved", "rejecting", "rejected", "expiring", "expired"]).nullable(),
  confirmationOutcome: z.unknown(),
  // The route's grant for this choice, while it is unused.
  alias: z.string().nullable(),
});

type AnswerableFrame = {
  chat: LockedTurns;
  part: ComponentPart;
  /** The list's latest pick, and whether the proposal it made ended without running. */
  latest: (NonNullable<z.infer<typeof frameRowSchema>["latest"]> & { reopened: boolean }) | null;
  alias: string | null;
};

/**
 * Locks the visitor's chat and finds the list to answer, or refuses. One statement, as nothing is
 * decided between taking the lock and reading: it locks the chat row, picks the one frame out of
 * the reply's stored parts, and reads the list's latest pick with the state of the confirmation it
 * proposed, and the route's unused grant for this choice.
 */
async function lockAnswerableFrame(tx: Tx, target: Target): Promise<AnswerableFrame> {
  const rows = await readUnderLock(() => tx.$queryRaw<z.input<typeof frameRowSchema>[]>`
    WITH ${chatLock(target)}
    SELECT chat."activeTurnId", chat."lastPosition", chat."stale", item."role"::text AS "role", item."parentToolUseId", item."status"::text AS "status",
      (SELECT part FROM jsonb_array_elements(item."parts") WITH ORDINALITY AS parts(part, ordinality)
        WHERE part->>'kind' = 'component' AND part->>'instanceId' = ${target.instanceId} ORDER BY ordinality LIMIT 1) AS "part",
      to_jsonb(latest) AS "latest", confirmation."status"::text AS "confirmationStatus", confirmation."outcome" AS "confirmationOutcome",
      route_grant."alias"
    FROM chat
    LEFT JOIN "Item" item ON item."id" = ${target.itemId}::uuid AND item."chatId" = chat."id"
    LEFT JOIN LATERAL (
      SELECT * FROM "FrameSelection" WHERE "itemId" = item."id" AND "instanceId" = ${target.instanceId} ORDER BY "attempt" DESC LIMIT 1
    ) latest ON TRUE
    LEFT JOIN "ActionConfirmation" confirmation ON confirmation."token" = latest."confirmationToken"
    LEFT JOIN "DeterministicGrant" route_grant ON route_grant."itemId" = item."id" AND route_grant."instanceId" = ${target.instanceId}
      AND route_grant."choiceId" = ${target.choiceId} AND route_grant."usedAt" IS NULL`);
  if (rows.length === 0) throw new AppError("chat-not-found", "This chat does not exist.");
  const row = frameRowSchema.parse(rows[0]);
  if (!row.role || !row.part) throw new AppError("frame-not-found", "This list is not in the chat.");
  if (row.role !== "assistant" || row.parentToolUseId !== null || row.status !== "complete") {
    throw new AppError("frame-not-answerable", "This list cannot be answered: its reply is still streaming or was not finished.");
  }
  const reopened = row.confirmationStatus !== null && reopensList({ status: row.confirmationStatus, outcome: row.confirmationOutcome });
  return {
    chat: { id: target.chatId, activeTurnId: row.activeTurnId, lastPosition: row.lastPosition },
    part: row.part,
    latest: row.latest && { ...row.latest, reopened },
    alias: row.alias,
  };
}
