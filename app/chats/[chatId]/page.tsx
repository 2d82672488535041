import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { loadChatView } from "@/lib/chat/chats/chats";
import { driveAfterResponse } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/healing/heal";
import { AppError } from "@/lib/http/errors";
import { currentVisitor } from "@/lib/http/visitor";
import { ChatRoom } from "@/components/chat/chat-room";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

type Props = { params: Promise<{ chatId: string }> };

// The title and the page read the chat once per request.
const findChat = cache(async (chatId: string) => {
  const parsed = z.uuid().safeParse(chatId);
  const visitorId = await currentVisitor();
  if (!parsed.success || !visitorId) return null;
  // Opening a chat heals what a dead process left in it; the turns it hands back run below.
  const waiting = await healChats({ visitorId, chatId: parsed.data });
  const chat = await loadChatView({ visitorId, chatId: parsed.data }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  return chat && { chat, waiting };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await findChat((await params).chatId);
  return { title: found?.chat.title ?? "Not found" };
}

export default async function ChatPage({ params }: Props) {
  const found = await findChat((await params).chatId);
  if (!found) notFound();
  const { chat, waiting } = found;
  // What opening the chat healed (a dead turn, a confirmation whose time ran out) runs here.
  driveAfterResponse(waiting);
  return <ChatRoom initial={chat} />;
}
