import { searchChats } from "@/lib/chat/chats/search";
import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/api/route";
import { MAX_SEARCH_LENGTH, type ChatSearchResponse } from "@/lib/chat/wire";
import { chatSearchQuerySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

function search(request: Request) {
  const parsed = chatSearchQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError("invalid-search", `A search is ?q= with 1 to ${MAX_SEARCH_LENGTH} characters of text.`);
  return parsed.data;
}

/** The visitor's own chats holding every word of `?q=`, in their titles or in what was said; a read, not counted (decision 009). */
export const GET = apiRoute({ visitor: true, query: search, changesState: false, heal: false }, async ({ visitorId, query }) =>
  Response.json({ results: await searchChats({ visitorId, text: query.q }) } satisfies ChatSearchResponse),
);
