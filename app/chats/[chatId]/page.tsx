import type { Metadata } from "next";
import { pageRead } from "@/lib/api/page";
import { loadChatView } from "@/lib/chat/chats/chat-view";
import { after } from "next/server";
import { startWaitingTurns } from "@/lib/chat/turns/run";
import { recoverChats } from "@/lib/chat/recovery/recover";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { ChatRoom } from "@/components/chat/chat-room";
import { drawFinishedText } from "@/components/chat/drawn-text";
import { DrawnText } from "@/components/chat/drawn-context";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

type Props = { params: Promise<{ chatId: string }> };

const chatPage = pageRead(
  { params: chatParamsSchema, visitor: true },
  async ({ params: { chatId }, visitorId }) => {
    // Opening a chat recovers what a dead process left in it; the turns it hands back run below.
    const waiting = await recoverChats({ visitorId, chatId });
    return { chat: await loadChatView({ visitorId, chatId }), waiting };
  },
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await chatPage.find(params);
  return { title: found?.chat.title ?? "Not found" };
}

export default async function ChatPage({ params }: Props) {
  const { chat, waiting } = await chatPage.orNotFound(params);
  // What opening the chat recovered (a dead turn, a confirmation whose time ran out) runs here.
  if (waiting.length > 0) after(() => startWaitingTurns(waiting, "here"));
  return (
    <DrawnText drawn={drawFinishedText(chat.items)}>
      <ChatRoom initial={chat} />
    </DrawnText>
  );
}
