import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { ConfirmableTool, ConfirmationStatus } from "@/lib/component-frames";
import { mcpAppActions } from "@/lib/mcp/actions";
import { appTools } from "@/lib/tools";
import type { ChatLock } from "./chats";

// ActionConfirmation: each step out of `pending` is a compare-and-swap on status, so of any number
// of concurrent decisions exactly one runs the tool.

/**
 * Every tool a handle may name: the actions a ChoiceList proposes, and the side-effect tools of
 * MCP servers a view's call proposes. A handle naming another is not decided or offered for edit.
 */
export const confirmableTools: readonly ConfirmableTool[] = [
  ...appTools,
  ...(mcpAppActions as readonly ConfirmableTool[]),
];

export function findConfirmation(token: string) {
  return db().actionConfirmation.findUnique({ where: { token } });
}

export type ConfirmationRecordRow = NonNullable<Awaited<ReturnType<typeof findConfirmation>>>;

export function isOwnConfirmation({
  token,
  chatId,
  visitorId,
}: {
  token: string;
  chatId: string;
  visitorId: string;
}): Promise<boolean> {
  return db()
    .actionConfirmation.findFirst({ where: { token, chatId, visitorId }, select: { token: true } })
    .then((row) => row !== null);
}

export type ConfirmationPatch = {
  status: ConfirmationStatus;
  claimedAt?: Date | null;
  outcome?: Prisma.InputJsonValue;
  settledAt?: Date;
};

/** Null when the handle was not at `from` (another decision won). */
export async function swapConfirmation(
  lock: ChatLock,
  token: string,
  from: ConfirmationStatus,
  patch: ConfirmationPatch,
) {
  const [row] = await lock.tx.actionConfirmation.updateManyAndReturn({
    where: { token, status: from },
    data: patch,
  });
  if (row) lock.awaitingAppend = true;
  return row ?? null;
}

export type Replacement = {
  token: string;
  toolCallId: string;
  input: Prisma.InputJsonValue;
  proposedInput: Prisma.InputJsonValue;
  createdAt: Date;
};

/**
 * Under the chat lock, so no decision on the handle runs between these statements: the pending
 * handle becomes `replaced`, its replacement takes its place in the chat and in the list's pick.
 * Null when the handle was not pending (a decision or another edit won); then nothing is written.
 */
export async function replaceConfirmation(
  lock: ChatLock,
  { token, replacement }: { token: string; replacement: Replacement },
) {
  const [old] = await lock.tx.actionConfirmation.updateManyAndReturn({
    where: { token, status: "pending" },
    data: { status: "replaced", settledAt: replacement.createdAt },
  });
  if (!old) return null;
  lock.awaitingAppend = true;
  const created = await lock.tx.actionConfirmation.create({
    data: {
      ...replacement,
      visitorId: old.visitorId,
      chatId: old.chatId,
      itemId: old.itemId,
      instanceId: old.instanceId,
      choiceId: old.choiceId,
      action: old.action,
      expiresAt: old.expiresAt,
      replaces: token,
    },
  });
  const [selection] = await lock.tx.frameSelection.updateManyAndReturn({
    where: { confirmationToken: token },
    data: { confirmationToken: replacement.token },
  });
  return { old, created, selection: selection ?? null };
}

/** The handle that replaced an edited one. */
export function findReplacement(token: string) {
  return db().actionConfirmation.findUnique({ where: { replaces: token } });
}

/** A claim older than the lease, or a pending handle whose time ran out. */
export function staleConfirmations(
  { tx, chat }: ChatLock,
  claims: readonly ConfirmationStatus[],
  now: Date,
  leaseMs: number,
) {
  return tx.actionConfirmation.findMany({
    where: {
      chatId: chat.id,
      OR: [
        { status: { in: [...claims] }, claimedAt: { lt: new Date(now.getTime() - leaseMs) } },
        { status: "pending", expiresAt: { lte: now } },
      ],
    },
    orderBy: { createdAt: "asc" },
  });
}

export async function confirmationChat(token: string): Promise<string | null> {
  return (
    (await db().actionConfirmation.findUnique({ where: { token }, select: { chatId: true } }))
      ?.chatId ?? null
  );
}
