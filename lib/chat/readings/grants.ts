import "server-only";
import { db } from "@/lib/db/client";
import { SOURCE_GRANT_NAMES, SOURCE_GRANTS, type SourceGrant } from "@/lib/live-sources";
import { grantsExcept } from "./rights";
import { lockChat, readChat } from "../store";

export type GrantView = { grant: SourceGrant; label: string; granted: boolean };

function views(inForce: readonly string[]): GrantView[] {
  return SOURCE_GRANT_NAMES.map((grant) => ({ grant, label: SOURCE_GRANTS[grant], granted: inForce.includes(grant) }));
}

/** The source grants of the visitor's chat, each in force unless withdrawn there (read without the chat lock). */
export async function listChatGrants({ visitorId, chatId }: { visitorId: string; chatId: string }): Promise<GrantView[]> {
  await readChat(db(), { chatId, visitorId });
  return views(grantsExcept(await db().revokedGrant.findMany({ where: { chatId }, select: { grant: true } })));
}

/**
 * Withdraws a source grant from the visitor's chat, or restores it; either again is a no-op. Under
 * the chat lock, so a choice on a live block is checked either before or after the change, never
 * during. Reads and choices after it run without the grant; a reply's captured rights never widen.
 */
export async function setChatGrant({ visitorId, chatId, grant, granted }: { visitorId: string; chatId: string; grant: SourceGrant; granted: boolean }): Promise<GrantView[]> {
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId, visitorId });
    if (granted) await tx.revokedGrant.deleteMany({ where: { chatId, grant } });
    else await tx.revokedGrant.createMany({ data: [{ chatId, grant }], skipDuplicates: true });
    return views(grantsExcept(await tx.revokedGrant.findMany({ where: { chatId }, select: { grant: true } })));
  });
}
