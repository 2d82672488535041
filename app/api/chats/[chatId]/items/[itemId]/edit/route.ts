import { editMessage } from "@/lib/chat/chats/edit";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

/** A person's message sent again with new text: it and the items after it are replaced. */
export const POST = operations.editMessage.serve(
  async ({ visitorId, params: { chatId, itemId }, body: { text }, drive }) => {
    const sent = await editMessage({ visitorId, chatId, itemId, text });
    drive(chatId);
    return { status: 202, body: sent };
  },
);
