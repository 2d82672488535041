import { shareChat, shareState, unshareChat } from "@/lib/chat/chats/share";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

/** Whether the chat's public read-only link works, and since when; never the link itself (only its hash is kept). */
export const GET = apiRoute({ visitor: true, params: chatParamsSchema, changesState: false, heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json(await shareState({ visitorId, chatId })),
);

/** A new link, said once; an older one stops working (decision 023). */
export const POST = apiRoute({ visitor: true, params: chatParamsSchema, changesState: "counted", heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json(await shareChat({ visitorId, chatId })),
);

/** Private again, never refused for the request window: every link's page and stream stop at once. */
export const DELETE = apiRoute({ visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json(await unshareChat({ visitorId, chatId })),
);
