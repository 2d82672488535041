import { loadSharedView } from "@/lib/chat/chats/share";
import * as operations from "@/lib/api/operations/shares";

export const dynamic = "force-dynamic";

// A share link's routes serve GET alone, with no visitor: nothing here can write (decision 023).
export const GET = operations.sharedView.serve(async ({ params: { token }, query: { from } }) => ({
  status: 200,
  body: await loadSharedView({ token, from }),
}));
