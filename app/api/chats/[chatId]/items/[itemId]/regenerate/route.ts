import { regenerateReply } from "@/lib/chat/turns/regenerate";
import { apiRoute } from "@/lib/api/route";
import { regenerateResponseSchema } from "@/lib/chat/wire/edits";
import { itemParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Regenerate the last reply, or retry one that was interrupted: the same item, a new revision; the old one is kept as a version. */
export const POST = apiRoute(
  { visitor: true, params: itemParamsSchema, changesState: "counted", heal: "chat" },
  async ({ visitorId, params: { chatId, itemId }, drive }) => {
    const outcome = await regenerateReply({ chatId, visitorId, itemId });
    drive(chatId);
    return Response.json(regenerateResponseSchema.parse(outcome), { status: 202 });
  },
);
