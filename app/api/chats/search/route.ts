import { searchChats } from "@/lib/chat/chats/search";
import { chatSearchQuerySchema } from "@/lib/chat/wire/requests";
import { chatSearchResponseSchema, MAX_SEARCH_LENGTH } from "@/lib/chat/wire/search";
import { AppError } from "@/lib/http/errors";
import type { QueryReader } from "@/lib/http/request";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** `?q=`, a chat search's words. */
const searchQuery: QueryReader<{ q: string }> = {
  schema: chatSearchQuerySchema,
  refusal: "invalid-search",
  read(request) {
    const parsed = chatSearchQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!parsed.success)
      throw new AppError(
        "invalid-search",
        `A search is ?q= with 1 to ${MAX_SEARCH_LENGTH} characters of text.`,
      );
    return parsed.data;
  },
};

/** The visitor's own chats holding every word of `?q=`, in their titles or in what was said; a read, not counted (decision 009). */
export const GET = defineOperation({
  operationId: "searchChats",
  method: "GET",
  path: "/api/chats/search",
  summary:
    "The visitor's own chats holding every word of `q`, in their titles or in what was said, with a snippet",
  needs: { visitor: true, query: searchQuery, changesState: false, recover: false },
  responses: { 200: chatSearchResponseSchema },
}).serve(async ({ visitorId, query }) => ({
  status: 200,
  body: { results: await searchChats({ visitorId, text: query.q }) },
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
