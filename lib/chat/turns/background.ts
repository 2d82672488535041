import "server-only";
import { after } from "next/server";
import { defaultHandOff } from "./hand-off";
import { healChats } from "./heal";
import { driveChat } from "./run";

/**
 * Runs the chat's waiting turn after the response is sent: in the background on `next start`,
 * within the function's lifetime on serverless (decision 004). For the one chat a request
 * touches; many chats' turns go through `handOffAfterResponse`.
 */
export function driveAfterResponse(chatIds: Iterable<string>): void {
  for (const chatId of new Set(chatIds)) after(() => driveChat(chatId));
}

/**
 * Hands each chat's waiting turn to an invocation of its own, after the response, through the
 * signed request a turn's end uses (decision 010): 25 turns of up to 240 s each would not fit in
 * one invocation's 300 s. Where there is no server to ask (tests, scripts) they run here.
 */
export function handOffAfterResponse(chatIds: Iterable<string>, handOff = defaultHandOff()): void {
  if (!handOff) return driveAfterResponse(chatIds);
  const chats = [...new Set(chatIds)];
  if (chats.length > 0) after(() => Promise.all(chats.map((chatId) => handOff(chatId))));
}

/**
 * Heals the visitor's chat (or all their chats) before a request touches it. The one chat's
 * turn runs after this response; a visitor's many chats each get an invocation of their own.
 */
export async function healBeforeRequest(scope: { visitorId: string; chatId?: string }, options: { count?: boolean } = {}): Promise<void> {
  const waiting = await healChats(scope, options);
  if (scope.chatId) driveAfterResponse(waiting);
  else handOffAfterResponse(waiting);
}
