import "server-only";
import { after } from "next/server";
import { healChats } from "./heal";
import { driveChat } from "./run";

/**
 * Runs each chat's waiting turns after the response is sent: in the background on `next start`,
 * within the function's lifetime on serverless (decision 004).
 */
export function driveAfterResponse(chatIds: Iterable<string>): void {
  for (const chatId of new Set(chatIds)) after(() => driveChat(chatId));
}

/** Heals the visitor's chat (or all their chats) before a request touches it; turns it hands back run after the response. */
export async function healBeforeRequest(scope: { visitorId: string; chatId?: string }): Promise<void> {
  driveAfterResponse(await healChats(scope));
}
