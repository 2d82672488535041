import type { Metadata } from "next";
import { pageRead } from "@/lib/api/page";
import { loadSharedView } from "@/lib/chat/chats/share";
import { shareParamsSchema } from "@/lib/chat/wire/requests";
import { ChatRoom } from "@/components/chat/chat-room";
import { drawFinishedText } from "@/components/chat/drawn-text";
import { DrawnText } from "@/components/chat/drawn-context";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

// A read, and nothing else: the link's page recovers, counts and writes nothing (decision 023).
const sharedPage = pageRead(
  { params: shareParamsSchema, visitor: false },
  ({ params: { token } }) => loadSharedView({ token }),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chat = await sharedPage.find(params);
  return { title: chat ? `${chat.title} (shared)` : "Link no longer works" };
}

export default async function SharedChatPage({ params }: Props) {
  const chat = await sharedPage.orNotFound(params);
  return (
    <DrawnText drawn={drawFinishedText(chat.items)}>
      <ChatRoom initial={chat} shared />
    </DrawnText>
  );
}
