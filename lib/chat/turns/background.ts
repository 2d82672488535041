import "server-only";
import { after } from "next/server";
import { defaultHandOff } from "./hand-off";
import { driveChat } from "./run";

export type Reach = "one chat" | "many chats";

/** After the response (decision 004): one chat's run here; many chats' each get their own invocation (decision 010). */
export function driveAfterResponse(
  chatIds: Iterable<string>,
  reach: Reach = "one chat",
  handOff = defaultHandOff(),
): void {
  const chats = [...new Set(chatIds)];
  if (chats.length === 0) return;
  if (reach === "many chats" && handOff)
    after(() => Promise.all(chats.map((chatId) => handOff(chatId))));
  else for (const chatId of chats) after(() => driveChat(chatId));
}
