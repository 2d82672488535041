import { searchChats } from "@/lib/chat/chats/search";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";

/** The visitor's own chats holding every word of `?q=`, in their titles or in what was said; a read, not counted (decision 009). */
export const GET = operations.searchChats.serve(async ({ visitorId, query }) => ({
  status: 200,
  body: { results: await searchChats({ visitorId, text: query.q }) },
}));
