import { sendMessage } from "@/lib/chat/chats/chats";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

export const POST = operations.sendMessage.serve(
  async ({ visitorId, params: { chatId }, body: { text }, drive }) => {
    const sent = await sendMessage({ visitorId, chatId, text });
    if (sent.status === "sent") drive(chatId);
    return { status: 202, body: { status: sent.status, itemId: sent.itemId } };
  },
);
