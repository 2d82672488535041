import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { answerHostRoute, type RouteReply } from "../answers/host-routes";
import { replyHistoryText } from "../reply/draw";
import { appendUnmoved, storedTimestamp, toItemView } from "../store";
import { readOrigin, storedBlocksSchema } from "../wire";
import { leaseFromNow } from "./writer";

export type Claim = {
  chatId: string;
  /** The chat's owner: live sources authorise the first readings of the reply's blocks for them. */
  visitorId: string;
  turnId: string;
  itemId: string;
  /** What the agent is asked to answer (with the preamble of a picked choice). */
  message: string;
  /** The host route that answers this turn instead of the agent, if any. */
  route: RouteReply | null;
  history: { role: "user" | "assistant"; content: string }[];
};

const CHOICE_PREAMBLE = (label: string) =>
  `The person chose "${label}" from your UI reply; their message is the visible context of that choice.`;

/**
 * Claims the chat's waiting turn by binding its reply item; null when no turn waits (none runs,
 * or its reply is bound already: someone else claimed it). Two statements and no transaction: one
 * reads the turn, its message, the reply it writes again (a regenerate or retry) and the history
 * before it; one writes the reply item, binds it to the turn and appends its event, but only if
 * the chat's log has not moved since the read (`appendUnmoved`); a moved one (another claim, a
 * message queued meanwhile) wrote nothing, and the claim reads again.
 */
export async function claimTurn(chatId: string): Promise<Claim | null> {
  for (;;) {
    const waiting = await readWaitingTurn(chatId);
    if (!waiting) return null;
    const { chat, turn, trigger, restart } = waiting;
    const itemId = restart?.id ?? randomUUID();
    // The empty reply is its first snapshot; its streamed events all come after this point of the log.
    const reply = { status: "streaming" as const, content: "", parts: [], blocks: null, completedAt: null };
    const position = restart?.position ?? chat.lastPosition + 1;
    const view = toItemView({
      id: itemId, position, role: "assistant", revision: restart?.revision ?? 0, origin: restart?.origin ?? null,
      parentToolUseId: restart?.parentToolUseId ?? null, createdAt: restart?.createdAt ?? new Date(), ...reply,
    });
    const bind = Prisma.sql`bound AS (
        UPDATE "Turn" SET "replyItemId" = ${itemId}::uuid, "leaseExpiresAt" = ${leaseFromNow()}, "replyFromSeq" = ${chat.lastEventSeq}
        FROM seq WHERE "Turn"."id" = ${turn.id}::uuid
      )`;
    // A regenerate or retry writes the same reply item again; its blocks get the next revision.
    const write = restart
      ? Prisma.sql`reply AS (
          UPDATE "Item" SET "status" = 'streaming', "content" = '', "parts" = '[]'::jsonb, "blocks" = NULL, "turnId" = ${turn.id}::uuid,
            "completedAt" = NULL, "snapshotSeq" = ${chat.lastEventSeq}
          FROM seq WHERE "Item"."id" = ${itemId}::uuid
        )`
      : Prisma.sql`reply AS (
          INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "turnId", "createdAt", "snapshotSeq")
          SELECT ${itemId}::uuid, ${chatId}::uuid, ${position}, 'assistant', 'streaming', '', '[]'::jsonb, ${turn.id}::uuid, ${new Date(view.createdAt)}, ${chat.lastEventSeq} FROM seq
        )`;
    const events = [{ type: restart ? "item.restarted" : "item.created", item: view } as const];
    if (!(await appendUnmoved(db(), chatId, chat.lastEventSeq, events, [write, bind], restart ? {} : { chat: { lastPosition: position } }))) continue;
    const origin = readOrigin(trigger.origin);
    // A confirmation's outcome is the host's own report; a pick needs the preamble to be read as one.
    const message = origin && origin.kind !== "confirmation" ? `${CHOICE_PREAMBLE(origin.label)}\n\n${trigger.content}` : trigger.content;
    // Host routes answer what a person typed, or an alias their grant authorised; never text a
    // model-authored choice put in their mouth.
    const route = origin === null || (origin.kind === "frame" && origin.granted) ? answerHostRoute(trigger.content) : null;
    const history = waiting.earlier.map((item) => ({
      role: item.role,
      content: item.role === "assistant" ? replyHistoryText(item.content, storedBlocksSchema.parse(item.blocks ?? [])) : item.content,
    }));
    return { chatId, visitorId: chat.visitorId, turnId: turn.id, itemId, message, route, history };
  }
}

const waitingRowSchema = z.object({
  visitorId: z.string(),
  lastEventSeq: z.number().int(),
  lastPosition: z.number().int(),
  turn: z.object({ id: z.string(), status: z.string(), replyItemId: z.string().nullable() }).nullable(),
  trigger: z.object({ content: z.string(), origin: z.unknown() }).nullable(),
  restart: z
    .object({
      id: z.string(),
      position: z.number().int(),
      revision: z.number().int(),
      origin: z.unknown(),
      parentToolUseId: z.string().nullable(),
      createdAt: storedTimestamp,
    })
    .nullable(),
  earlier: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string(), blocks: z.unknown() })).nullable(),
});

/**
 * Reads the chat's waiting turn in one statement: the turn, the message it answers, the item it
 * writes again if any, and the top-level items before that message, oldest first.
 */
async function readWaitingTurn(chatId: string) {
  const rows = await db().$queryRaw<z.input<typeof waitingRowSchema>[]>`
    WITH chat AS (SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid)
    SELECT chat."visitorId", chat."lastEventSeq", chat."lastPosition",
      CASE WHEN turn."id" IS NULL THEN NULL ELSE jsonb_build_object('id', turn."id", 'status', turn."status", 'replyItemId', turn."replyItemId") END AS "turn",
      CASE WHEN trigger."id" IS NULL THEN NULL ELSE jsonb_build_object('content', trigger."content", 'origin', trigger."origin") END AS "trigger",
      CASE WHEN restart."id" IS NULL THEN NULL ELSE jsonb_build_object('id', restart."id", 'position', restart."position", 'revision', restart."revision",
        'origin', restart."origin", 'parentToolUseId', restart."parentToolUseId", 'createdAt', restart."createdAt") END AS "restart",
      (SELECT jsonb_agg(jsonb_build_object('role', earlier."role", 'content', earlier."content", 'blocks', earlier."blocks") ORDER BY earlier."position")
        FROM "Item" earlier WHERE earlier."chatId" = chat."id" AND earlier."position" < trigger."position" AND earlier."parentToolUseId" IS NULL) AS "earlier"
    FROM chat
    LEFT JOIN "Turn" turn ON turn."id" = chat."activeTurnId"
    LEFT JOIN "Item" trigger ON trigger."id" = turn."triggerItemId"
    LEFT JOIN "Item" restart ON restart."id" = turn."restartsItemId"`;
  if (rows.length === 0) return null;
  const row = waitingRowSchema.parse(rows[0]);
  const { turn, trigger } = row;
  if (!turn || !trigger || turn.status !== "running" || turn.replyItemId) return null;
  return { chat: row, turn, trigger, restart: row.restart, earlier: row.earlier ?? [] };
}
