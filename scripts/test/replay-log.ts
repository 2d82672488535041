// Test support: a chat drawn from its stored log alone, as a page that followed every event would.
import { db } from "@/lib/db/client";
import { applyChatEvent, chatEventSchema, type ChatView } from "@/lib/chat/wire";

export async function replayedChat(chatId: string): Promise<ChatView> {
  const rows = await db().chatEvent.findMany({ where: { chatId }, orderBy: { seq: "asc" } });
  const empty: ChatView = {
    id: chatId,
    title: "",
    items: [],
    hasEarlier: false,
    queued: [],
    running: false,
    lastEventSeq: 0,
  };
  return rows.reduce(
    (chat, row) => applyChatEvent(chat, chatEventSchema.parse(row.data), row.seq),
    empty,
  );
}
