import "server-only";
import { z } from "zod";
import type { Tx } from "@/lib/db/client";
import { componentPartSchema } from "../wire";
import { type ChatLock, owe, readUnderLock } from "./chats";
import { storedTimestamp } from "./views";

// FrameSelection: one row per attempt. DeterministicGrant: a route's alias, used once.

export type FrameTarget = {
  chatId: string;
  visitorId: string;
  itemId: string;
  instanceId: string;
  choiceId: string;
  revision?: number;
};

const frameRowSchema = z.object({
  role: z.enum(["user", "assistant"]).nullable(),
  parentToolUseId: z.string().nullable(),
  status: z.string().nullable(),
  revision: z.number().int().nullable(),
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
  confirmationStatus: z
    .enum(["pending", "approving", "approved", "rejecting", "rejected", "expiring", "expired"])
    .nullable(),
  confirmationOutcome: z.unknown(),
  alias: z.string().nullable(),
});

/**
 * One statement, under the chat lock: the item's frame, the list's latest pick with its
 * confirmation's state, and the route's unused grant for the choice.
 */
export async function lockAnswerableFrame(tx: Tx, target: FrameTarget) {
  const { lock, row } = await readUnderLock(
    tx,
    target.visitorId,
    () => tx.$queryRaw<unknown[]>`
    SELECT chat."id", chat."visitorId", chat."activeTurnId", chat."lastEventSeq", chat."lastPosition",
      chat.xmin::text IS DISTINCT FROM (SELECT xmin::text FROM "Chat" WHERE "id" = chat."id") AS "stale",
      item."role"::text AS "role", item."parentToolUseId", item."status"::text AS "status", item."revision",
      (SELECT part FROM jsonb_array_elements(item."parts") WITH ORDINALITY AS parts(part, ordinality)
        WHERE part->>'kind' = 'component' AND part->>'instanceId' = ${target.instanceId} ORDER BY ordinality LIMIT 1) AS "part",
      to_jsonb(latest) AS "latest", confirmation."status"::text AS "confirmationStatus", confirmation."outcome" AS "confirmationOutcome",
      route_grant."alias"
    FROM "Chat" chat
    LEFT JOIN "Item" item ON item."id" = ${target.itemId}::uuid AND item."chatId" = chat."id"
    LEFT JOIN LATERAL (
      SELECT * FROM "FrameSelection" WHERE "itemId" = item."id" AND "instanceId" = ${target.instanceId} ORDER BY "attempt" DESC LIMIT 1
    ) latest ON TRUE
    LEFT JOIN "ActionConfirmation" confirmation ON confirmation."token" = latest."confirmationToken"
    LEFT JOIN "DeterministicGrant" route_grant ON route_grant."itemId" = item."id" AND route_grant."instanceId" = ${target.instanceId}
      AND route_grant."choiceId" = ${target.choiceId} AND route_grant."usedAt" IS NULL
    WHERE chat."id" = ${target.chatId}::uuid AND chat."visitorId" = ${target.visitorId}::uuid
    FOR UPDATE OF chat`,
  );
  return { lock, ...frameRowSchema.parse(row) };
}

/** Returns the rows its events carry. */
export async function markSelectionsSent(
  lock: ChatLock,
  { queuedId, messageId }: { queuedId: bigint; messageId: string },
) {
  owe(lock);
  return lock.tx.frameSelection.updateManyAndReturn({
    where: { queuedId },
    data: { queued: false, messageId },
  });
}

export async function proposingLabel(tx: Tx, token: string): Promise<string | null> {
  return (
    (
      await tx.frameSelection.findUnique({
        where: { confirmationToken: token },
        select: { label: true },
      })
    )?.label ?? null
  );
}

/** Each may be used once (`grantUse`). */
export async function recordGrants(
  lock: ChatLock,
  itemId: string,
  grants: readonly { instanceId: string; choiceId: string; alias: string }[],
): Promise<void> {
  owe(lock);
  await lock.tx.deterministicGrant.createMany({
    data: grants.map((grant) => ({ itemId, ...grant })),
    skipDuplicates: true,
  });
}
