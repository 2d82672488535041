import "server-only";
import { after } from "next/server";
import { defaultHandOff } from "./hand-off";
import { driveChat } from "./run";

/** What a request was about: one chat, or many (a visitor's list, the sweep). */
export type Reach = "one chat" | "many chats";

/**
 * Runs the waiting turns a request found after its response (decision 004). One chat's runs here;
 * many chats' each get an invocation of their own (decision 010), or run here with no server to ask.
 */
export function driveAfterResponse(chatIds: Iterable<string>, reach: Reach = "one chat", handOff = defaultHandOff()): void {
  const chats = [...new Set(chatIds)];
  if (chats.length === 0) return;
  if (reach === "many chats" && handOff) after(() => Promise.all(chats.map((chatId) => handOff(chatId))));
  else for (const chatId of chats) after(() => driveChat(chatId));
}
