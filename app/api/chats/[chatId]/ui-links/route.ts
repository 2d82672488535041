import { resolveUiLink } from "@/lib/chat/answers/ui-link";
import { chatParamsSchema, uiLinkBodySchema } from "@/lib/chat/wire/requests";
import { linkViewSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";
import { VALUE_REFUSALS } from "@/lib/api/refusals";

export const dynamic = "force-dynamic";

/** `ui.link`: where a visible link of a block goes for the block's current values, resolved by the server (not counted). */
export const POST = defineOperation({
  operationId: "resolveUiLink",
  method: "POST",
  path: "/api/chats/{chatId}/ui-links",
  summary: "`ui.link`: where a visible link of a block goes for the block's current values",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiLinkBodySchema,
    changesState: "uncounted",
    recover: false,
  },
  responses: { 200: linkViewSchema },
  refusals: ["chat-not-found", "block-stale", "link-not-found", ...VALUE_REFUSALS],
}).serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: await resolveUiLink({ chatId, visitorId, ...body }),
}));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
