import "server-only";
import { after } from "next/server";
import { defaultHandOff } from "./hand-off";
import { driveChat } from "./run";

/** What a request was about: one chat, or many (a visitor's list, the sweep). */
export type Reach = "one chat" | "many chats";

/**
 * Runs the waiting turns of the chats a request found, after its response: in the background on
 * `next start`, within the function's lifetime on serverless (decision 004). A request about one
 * chat drives it here; many chats' turns each get an invocation of their own (decision 010: 25
 * turns of up to 240 s would not fit in one), or run here where there is no server to ask.
 */
export function driveAfterResponse(chatIds: Iterable<string>, reach: Reach = "one chat", handOff = defaultHandOff()): void {
  const chats = [...new Set(chatIds)];
  if (chats.length === 0) return;
  if (reach === "many chats" && handOff) after(() => Promise.all(chats.map((chatId) => handOff(chatId))));
  else for (const chatId of chats) after(() => driveChat(chatId));
}
