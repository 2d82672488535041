import "server-only";
import { after } from "next/server";
import { pageRead } from "@/lib/api/page";
import { loadChatView } from "@/lib/chat/chats/chat-view";
import { recoverChats } from "@/lib/chat/recovery/recover";
import { startWaitingTurns } from "@/lib/chat/turns/run";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

/** A chat page's read: the visitor's chat by its id, after recovering what a dead process left in it. */
export const chatPage = pageRead(
  { params: chatParamsSchema, visitor: true },
  async ({ params: { chatId }, visitorId }) => {
    const waiting = await recoverChats({ visitorId, chatId });
    return { chat: await loadChatView({ visitorId, chatId }), waiting };
  },
);

type Params = Parameters<typeof chatPage.orNotFound>[0];

/** The chat a page draws, or the not-found page; the turns recovering it handed back run after the response. */
export async function openChat(params: Params) {
  const { chat, waiting } = await chatPage.orNotFound(params);
  if (waiting.length > 0) after(() => startWaitingTurns(waiting, "here"));
  return chat;
}
