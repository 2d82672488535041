import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { chatTransaction, lockChat } from "../store/chats";
import { writeChat, type ChatMove } from "../store/log";
import { findSharedChat, readShare } from "../store/shares";
import {
  type ChatView,
  type EarlierItems,
  type ShareIssued,
  type ShareState,
  sharePath,
} from "../wire";
import { atOneMoment, readChatView, readEarlierView } from "./chat-view";
import { sharedEarlier, sharedView } from "./shared-view";

// A chat's public read-only link (decision 023): 256 random bits, of which only the SHA-256 is stored.

type Scope = { visitorId: string; chatId: string };

export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link; the previous one, if any, stops working in the same write. Said once: only its hash is kept. */
export async function shareChat(scope: Scope): Promise<ShareIssued> {
  const token = randomBytes(32).toString("base64url");
  const at = new Date();
  await setShare(scope, { tokenHash: hashShareToken(token), at });
  return { shared: true, sharedAt: at.toISOString(), token, path: sharePath(token) };
}

/** Private again: every link's page and stream stop at once (the stream hears `chat.shared`). */
export async function unshareChat(scope: Scope): Promise<ShareState> {
  await setShare(scope, null);
  return { shared: false, sharedAt: null };
}

async function setShare(scope: Scope, share: ChatMove["share"]): Promise<void> {
  await chatTransaction(async (tx) => {
    const lock = await lockChat(tx, scope);
    await writeChat(lock, {
      events: [{ type: "chat.shared", shared: share !== null }],
      chat: { share },
    });
  });
}

export async function shareState(scope: Scope): Promise<ShareState> {
  const { sharedAt } = await readShare(scope);
  return { shared: sharedAt !== null, sharedAt: sharedAt?.toISOString() ?? null };
}

/** Read only: nothing is recovered or counted for a viewer (decision 023). */
export async function loadSharedView({
  token,
  from,
}: {
  token: string;
  from?: number;
}): Promise<ChatView> {
  return atOneMoment(async (tx) =>
    sharedView(
      await readChatView(tx, await findSharedChat(hashShareToken(token), tx), from),
      token,
    ),
  );
}

export async function loadSharedEarlier({
  token,
  before,
}: {
  token: string;
  before: number;
}): Promise<EarlierItems> {
  return atOneMoment(async (tx) =>
    sharedEarlier(
      await readEarlierView(tx, await findSharedChat(hashShareToken(token), tx), before),
    ),
  );
}
