import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { loadChatView } from "@/lib/chat/chats";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { AppError } from "@/lib/http/errors";
import { currentVisitor } from "@/lib/http/visitor";
import { ChatRoom } from "@/components/chat/chat-room";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chat" };
// A turn that opening the chat finds waiting runs after the page is sent, within this lifetime.
export const maxDuration = 300;

export default async function ChatPage({ params }: { params: Promise<{ chatId: string }> }) {
  const parsed = z.uuid().safeParse((await params).chatId);
  const visitorId = await currentVisitor();
  if (!parsed.success || !visitorId) notFound();
  await healBeforeRequest({ visitorId, chatId: parsed.data });
  const chat = await loadChatView({ visitorId, chatId: parsed.data }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!chat) notFound();
  return <ChatRoom initial={chat} />;
}
