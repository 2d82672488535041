import "server-only";
import {
  SOURCE_GRANT_NAMES,
  SOURCE_GRANTS,
  type ReadContext,
  type SourceGrant,
} from "@/lib/live-sources";
import type { GrantView } from "../wire/responses";
import { chatTransaction, checkOwnChat, lockChat, type Tx } from "../store/chats";
import { revokedGrants, setRevokedGrant } from "../store/readings";

type Client = Pick<Tx, "revokedGrant">;

/** Every grant not withdrawn in the chat. */
export function grantsExcept(revoked: ReadonlyArray<{ grant: string }>): string[] {
  return SOURCE_GRANT_NAMES.filter((grant) => !revoked.some((row) => row.grant === grant));
}

export async function grantsInForce(chatId: string, client?: Client): Promise<string[]> {
  return grantsExcept(await revokedGrants(chatId, client));
}

/** What a read runs with now: the visitor, the chat, and the chat's grants in force. */
export async function currentReadContext({
  visitorId,
  chatId,
}: {
  visitorId: string;
  chatId: string;
}): Promise<ReadContext> {
  return { visitorId, chatId, grants: await grantsInForce(chatId) };
}

function views(inForce: readonly string[]): GrantView[] {
  return SOURCE_GRANT_NAMES.map((grant) => ({
    grant,
    label: SOURCE_GRANTS[grant],
    granted: inForce.includes(grant),
  }));
}

/** Read without the chat lock. */
export async function listChatGrants({
  visitorId,
  chatId,
}: {
  visitorId: string;
  chatId: string;
}): Promise<GrantView[]> {
  await checkOwnChat({ chatId, visitorId });
  return views(grantsExcept(await revokedGrants(chatId)));
}

/** Under the chat lock, so a choice is checked before or after it, never during; repeats are no-ops. */
export async function setChatGrant({
  visitorId,
  chatId,
  grant,
  granted,
}: {
  visitorId: string;
  chatId: string;
  grant: SourceGrant;
  granted: boolean;
}): Promise<GrantView[]> {
  return chatTransaction(async (tx) => {
    await setRevokedGrant(await lockChat(tx, { chatId, visitorId }), grant, granted);
    return views(grantsExcept(await revokedGrants(chatId, tx)));
  });
}
