import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { type ChatLock, ownChat } from "./chats";

// UiReading, ReplyReadRights (a reply's grants) and RevokedGrant (source grants withdrawn from a chat).

export type StoredJson = Prisma.InputJsonValue;

/** With the chat's withdrawn grants, the item's blocks, and whether the block was answered at that revision. */
export async function readableBlock(request: {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
  revision: number;
}) {
  const chat = await db().chat.findUnique({
    where: { id: request.chatId },
    select: {
      visitorId: true,
      revokedGrants: { select: { grant: true } },
      items: {
        where: { id: request.itemId },
        select: {
          status: true,
          revision: true,
          blocks: true,
          uiAnswers: {
            where: { blockId: request.blockId, revision: request.revision },
            select: { id: true },
          },
        },
      },
    },
  });
  return ownChat(chat, request.visitorId);
}

export function settleReading(slot: string, fields: Prisma.UiReadingUpdateInput) {
  return db().uiReading.update({ where: { id: slot }, data: fields });
}

export function revokedGrants(chatId: string, client: Pick<Tx, "revokedGrant"> = db()) {
  return client.revokedGrant.findMany({ where: { chatId }, select: { grant: true } });
}

/** Under the chat lock, so a choice is checked before or after it, never during. */
export async function setRevokedGrant(
  { tx, chat }: ChatLock,
  grant: string,
  granted: boolean,
): Promise<void> {
  if (granted) await tx.revokedGrant.deleteMany({ where: { chatId: chat.id, grant } });
  else
    await tx.revokedGrant.createMany({ data: [{ chatId: chat.id, grant }], skipDuplicates: true });
}

/** The grants a reply's first readings ran with (`ReplyReadRights.rights`), or null; parsed by the caller. */
export async function findReplyGrants(
  tx: Tx,
  { itemId, revision }: { itemId: string; revision: number },
): Promise<unknown> {
  return (
    (
      await tx.replyReadRights.findUnique({
        where: { itemId_revision: { itemId, revision } },
        select: { rights: true },
      })
    )?.rights ?? null
  );
}

export async function upsertReplyGrants(
  tx: Tx,
  {
    itemId,
    revision,
    context,
  }: { itemId: string; revision: number; context: Prisma.InputJsonValue },
): Promise<void> {
  await tx.replyReadRights.upsert({
    where: { itemId_revision: { itemId, revision } },
    create: { itemId, revision, rights: context },
    update: { rights: context },
  });
}

export async function insertFrozenReadings(
  tx: Tx,
  rows: Prisma.UiReadingCreateManyInput[],
): Promise<void> {
  await tx.uiReading.createMany({ data: rows });
}

/** Holds the single-flight advisory lock: waits for it (`wait`) or only if free (`try`, null when taken). */
export function withSingleFlightLock<T>(
  lockKey: string,
  mode: "try" | "wait",
  timeout: number,
  run: () => Promise<T>,
): Promise<T | null> {
  return db().$transaction(
    async (tx) => {
      if (mode === "wait")
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`;
      else {
        const [taken] = await tx.$queryRaw<
          unknown[]
        >`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) AS "locked"`;
        if (!z.object({ locked: z.boolean() }).parse(taken).locked) return null;
      }
      return run();
    },
    { timeout },
  );
}

type ReadingKey = {
  itemId: string;
  blockId: string;
  revision: number;
  query: string;
  argsKey: string;
};

/** A fresh reading since `freshSince`, or one settled (not frozen) since `settledSince`, newest first. */
export function sharedReadingRow(
  { itemId, blockId, revision, query, argsKey }: ReadingKey,
  freshSince: Date,
  settledSince: Date,
) {
  return db().uiReading.findFirst({
    where: {
      itemId,
      blockId,
      revision,
      query,
      argsKey,
      OR: [
        { state: "fresh", readAt: { gt: freshSince } },
        { state: { not: "pending" }, frozen: false, readAt: { gte: settledSince } },
      ],
    },
    orderBy: { readAt: "desc" },
  });
}

export type ReadingRecord = NonNullable<Awaited<ReturnType<typeof sharedReadingRow>>>;

/** Under the visitor's advisory lock for the chat, so two instances cannot both pass `check`. */
export function claimReadingSlot(
  slot: {
    chatId: string;
    visitorId: string;
    key: Omit<ReadingKey, "argsKey">;
    near: { after: Date; before: Date } | null;
    pendingSince: Date;
  },
  check: { near(startedAt: Date): void; inFlight(count: number): void },
  row: Omit<Prisma.UiReadingCreateManyInput, "state">,
): Promise<string> {
  return db().$transaction(async (tx) => {
    const { chatId, visitorId, key } = slot;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`reads:${chatId}:${visitorId}`}, 0))`;
    const near = slot.near
      ? await tx.uiReading.findFirst({
          where: {
            ...key,
            frozen: false,
            startedAt: { gt: slot.near.after, lt: slot.near.before },
          },
          orderBy: { startedAt: "desc" },
          select: { startedAt: true },
        })
      : null;
    if (near) check.near(near.startedAt);
    check.inFlight(
      await tx.uiReading.count({
        where: { chatId, visitorId, state: "pending", readAt: { gt: slot.pendingSince } },
      }),
    );
    return (await tx.uiReading.create({ data: { ...row, state: "pending" }, select: { id: true } }))
      .id;
  });
}

export async function dropReading(id: string): Promise<void> {
  await db().uiReading.delete({ where: { id } });
}
