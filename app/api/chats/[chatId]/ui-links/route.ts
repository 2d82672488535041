import { resolveUiLink } from "@/lib/chat/answers/ui-link";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";

/** `ui.link`: where a visible link of a block goes for the block's current values, resolved by the server (not counted). */
export const POST = operations.resolveUiLink.serve(
  async ({ visitorId, params: { chatId }, body }) => ({
    status: 200,
    body: await resolveUiLink({ chatId, visitorId, ...body }),
  }),
);
