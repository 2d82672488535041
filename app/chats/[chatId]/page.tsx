import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { after } from "next/server";
import { cache } from "react";
import { z } from "zod";
import { loadChatView } from "@/lib/chat/chats";
import { driveChat } from "@/lib/chat/turns/run";
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
  return loadChatView({ visitorId, chatId: parsed.data }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chat = await findChat((await params).chatId);
  return { title: chat?.title ?? "Not found" };
}

export default async function ChatPage({ params }: Props) {
  const chat = await findChat((await params).chatId);
  if (!chat) notFound();
  // Reading settles confirmations whose time ran out, which tells the agent: its reply runs here.
  if (chat.running) after(() => driveChat(chat.id));
  return <ChatRoom initial={chat} />;
}
