import { shareChat, shareState, unshareChat } from "@/lib/chat/chats/share";
import * as operations from "@/lib/api/operations/shares";

export const dynamic = "force-dynamic";

export const GET = operations.shareState.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await shareState({ visitorId, chatId }),
}));

/** A new link, said once; an older one stops working (decision 023). */
export const POST = operations.shareChat.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await shareChat({ visitorId, chatId }),
}));

/** Never refused for the request window: stopping a share must always be possible. */
export const DELETE = operations.unshareChat.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await unshareChat({ visitorId, chatId }),
}));
