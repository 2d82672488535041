import { regenerateReply } from "@/lib/chat/turns/regenerate";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Regenerate the last reply, or retry one that was interrupted: the same item, a new revision; the old one is kept as a version. */
export const POST = operations.regenerateReply.serve(
  async ({ visitorId, params: { chatId, itemId }, drive }) => {
    const outcome = await regenerateReply({ chatId, visitorId, itemId });
    drive(chatId);
    return { status: 202, body: outcome };
  },
);
