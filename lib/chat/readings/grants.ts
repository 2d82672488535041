import "server-only";
import { SOURCE_GRANT_NAMES, SOURCE_GRANTS, type SourceGrant } from "@/lib/live-sources";
import type { GrantView } from "../wire/responses";
import { grantsExcept } from "./rights";
import { chatTransaction, checkOwnChat, lockChat } from "../store/chats";
import { revokedGrants, setRevokedGrant } from "../store/readings";

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
