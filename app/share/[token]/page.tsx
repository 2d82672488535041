import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { loadSharedView } from "@/lib/chat/chats/share";
import { shareParamsSchema } from "@/lib/chat/wire/requests";
import { AppError } from "@/lib/http/errors";
import { ChatRoom } from "@/components/chat/chat-room";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

// A read, and nothing else: the link's page heals, counts and writes nothing (decision 023).
const findShared = cache(async (token: string) => {
  const parsed = shareParamsSchema.safeParse({ token });
  if (!parsed.success) return null;
  return loadSharedView({ token: parsed.data.token }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chat = await findShared((await params).token);
  return { title: chat ? `${chat.title} (shared)` : "Link no longer works" };
}

export default async function SharedChatPage({ params }: Props) {
  const chat = await findShared((await params).token);
  if (!chat) notFound();
  return <ChatRoom initial={chat} shared />;
}
