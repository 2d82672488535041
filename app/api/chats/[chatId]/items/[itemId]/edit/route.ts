import { editMessage } from "@/lib/chat/chats/edit";
import { apiRoute } from "@/lib/api/route";
import { editMessageResponseSchema } from "@/lib/chat/wire/edits";
import { editMessageBodySchema, itemParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

/** A person's message sent again with new text: it and the items after it are replaced. */
export const POST = apiRoute(
  { visitor: true, params: itemParamsSchema, body: editMessageBodySchema, changesState: "counted", heal: "chat" },
  async ({ visitorId, params: { chatId, itemId }, body: { text }, drive }) => {
    const sent = await editMessage({ visitorId, chatId, itemId, text });
    drive(chatId);
    return Response.json(editMessageResponseSchema.parse(sent), { status: 202 });
  },
);
