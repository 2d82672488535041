import { loadChatView } from "@/lib/chat/chats/chats";
import { deleteChat, renameChat } from "@/lib/chat/chats/manage";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Reading heals the chat, watched or not; a confirmation whose time ran out tells the agent, whose turn runs here. */
export const GET = operations.loadChat.serve(async ({ visitorId, params: { chatId }, query }) => ({
  status: 200,
  body: await loadChatView({ visitorId, chatId, from: query.from }),
}));

export const PATCH = operations.renameChat.serve(
  async ({ visitorId, params: { chatId }, body: { title } }) => ({
    status: 200,
    body: await renameChat({ visitorId, chatId, title }),
  }),
);

export const DELETE = operations.deleteChat.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await deleteChat({ visitorId, chatId }),
}));
