import { loadSharedEarlier } from "@/lib/chat/chats/share";
import * as operations from "@/lib/api/operations/shares";

export const dynamic = "force-dynamic";

export const GET = operations.sharedEarlierItems.serve(
  async ({ params: { token }, query: { before } }) => ({
    status: 200,
    body: await loadSharedEarlier({ token, before }),
  }),
);
