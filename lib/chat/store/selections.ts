import "server-only";
import type { Tx } from "@/lib/db/client";
import type { ChatLock } from "./chats";

// FrameSelection: one row per attempt. DeterministicGrant: a route's alias, used once. A pick finds
// its frame in `framePickTransaction` (./chats.ts).

/** Returns the rows its events carry. */
export async function markSelectionsSent(
  lock: ChatLock,
  { queuedId, messageId }: { queuedId: bigint; messageId: string },
) {
  lock.awaitingAppend = true;
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
  lock.awaitingAppend = true;
  await lock.tx.deterministicGrant.createMany({
    data: grants.map((grant) => ({ itemId, ...grant })),
    skipDuplicates: true,
  });
}
