import { sendMessage } from "@/lib/chat/chats/chats";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema, sendMessageBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

export const POST = apiRoute(
  { visitor: true, params: chatParamsSchema, body: sendMessageBodySchema, changesState: "counted", heal: "chat" },
  async ({ visitorId, params: { chatId }, body: { text }, drive }) => {
    const sent = await sendMessage({ visitorId, chatId, text });
    if (sent.status === "sent") drive(chatId);
    return Response.json({ status: sent.status, itemId: sent.itemId }, { status: 202 });
  },
);
