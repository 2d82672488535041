import type { Metadata } from "next";
import { chatPage, openChat } from "@/lib/api/chat-page";
import { ChatRoom } from "@/components/chat/chat-room";
import { drawFinishedText } from "@/components/chat/drawn-text";
import { DrawnText } from "@/components/chat/drawn-context";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

type Props = { params: Promise<{ chatId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await chatPage.find(params);
  return { title: found?.chat.title ?? "Not found" };
}

export default async function ChatPage({ params }: Props) {
  // Opening a chat recovers what a dead process left in it (a dead turn, a confirmation whose time ran out).
  const chat = await openChat(params);
  return (
    <DrawnText drawn={drawFinishedText(chat.items)}>
      <ChatRoom initial={chat} />
    </DrawnText>
  );
}
