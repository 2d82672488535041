import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema, uiLinkBodySchema } from "@/lib/chat/wire/requests";
import { resolveUiLink } from "@/lib/chat/answers/ui-link";

export const dynamic = "force-dynamic";

/** `ui.link`: where a visible link of a block goes for the block's current values, resolved by the server (not counted). */
export const POST = apiRoute(
  { visitor: true, params: chatParamsSchema, body: uiLinkBodySchema, changesState: "uncounted", heal: false },
  async ({ visitorId, params: { chatId }, body }) => Response.json(await resolveUiLink({ chatId, visitorId, ...body })),
);
