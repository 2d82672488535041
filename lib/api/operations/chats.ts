import "server-only";
import { AppError } from "@/lib/http/errors";
import { eventCursorQuery, positionQuery, type QueryReader } from "@/lib/http/request";
import { chatEventSchema, chatViewSchema, earlierItemsSchema } from "@/lib/chat/wire";
import {
  chatParamsSchema,
  chatViewQuerySchema,
  createChatBodySchema,
  earlierItemsQuerySchema,
  editMessageBodySchema,
  itemParamsSchema,
  renameChatBodySchema,
  chatSearchQuerySchema,
  sendMessageBodySchema,
} from "@/lib/chat/wire/requests";
import {
  chatListSchema,
  createdChatSchema,
  deletedChatSchema,
  editedMessageSchema,
  regeneratingSchema,
  renamedChatSchema,
  sentMessageSchema,
  stoppingSchema,
} from "@/lib/chat/wire/responses";
import { chatSearchResponseSchema, MAX_SEARCH_LENGTH } from "@/lib/chat/wire/search";
import { defineOperation } from "../operation";

// A chat, its messages and its stream, for the cookie's visitor; another visitor's chat is not found.

export const listChats = defineOperation({
  method: "GET",
  path: "/api/chats",
  summary: "The visitor's most recent chats, healed first",
  needs: { visitor: true, changesState: false, heal: "visitor's chats" },
  responses: { 200: chatListSchema },
});

export const createChat = defineOperation({
  method: "POST",
  path: "/api/chats",
  summary: "A new chat, with its first message if one is given",
  needs: { visitor: true, body: createChatBodySchema, changesState: "counted", heal: false },
  responses: { 201: createdChatSchema },
  refusals: ["too-many-chats"],
});

export const loadChat = defineOperation({
  method: "GET",
  path: "/api/chats/{chatId}",
  summary: "The chat's latest items (back to `from`), its queue and `lastEventSeq`",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: positionQuery(chatViewQuerySchema),
    changesState: false,
    heal: "chat",
  },
  responses: { 200: chatViewSchema },
  refusals: ["chat-not-found"],
});

export const renameChat = defineOperation({
  method: "PATCH",
  path: "/api/chats/{chatId}",
  summary: "Renames the chat; every open page hears `chat.renamed`",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: renameChatBodySchema,
    changesState: "uncounted",
    heal: false,
  },
  responses: { 200: renamedChatSchema },
  refusals: ["chat-not-found"],
});

export const deleteChat = defineOperation({
  method: "DELETE",
  path: "/api/chats/{chatId}",
  summary: "Deletes the chat; its open streams end with a `deleted` event",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false },
  responses: { 200: deletedChatSchema },
  refusals: ["chat-not-found"],
});

export const loadEarlierItems = defineOperation({
  method: "GET",
  path: "/api/chats/{chatId}/items",
  summary: "The page of items before `before` (a position), for scrolling back",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: positionQuery(earlierItemsQuerySchema),
    changesState: false,
    heal: "chat",
  },
  responses: { 200: earlierItemsSchema },
  refusals: ["chat-not-found"],
});

export const chatEvents = defineOperation({
  method: "GET",
  path: "/api/chats/{chatId}/events",
  summary: "The chat's events as Server-Sent Events, from a cursor",
  description:
    "Each message carries `id:` (the event's sequence number, for `Last-Event-ID`) and `data:` (one chat event as JSON). " +
    "A message `event: deleted` with `data: {}` says the chat was deleted; the stream then ends. `retry: 1000` opens the stream.",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: eventCursorQuery,
    changesState: false,
    heal: false,
  },
  responses: {
    200: {
      eventStream: chatEventSchema,
      description: "One chat event per message, in sequence order.",
    },
  },
  refusals: ["chat-not-found"],
});

export const sendMessage = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/messages",
  summary: "Sends a message: answered now, or queued behind the reply being written",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: sendMessageBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 202: sentMessageSchema },
  refusals: ["chat-not-found", "queue-full"],
});

export const editMessage = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/items/{itemId}/edit",
  summary:
    "Sends a person's message again with new text: it and the items after it are replaced, and its reply starts",
  description:
    "Refused while a reply runs or a message waits, and when a later item holds an answered part (decision 021).",
  needs: {
    visitor: true,
    params: itemParamsSchema,
    body: editMessageBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 202: editedMessageSchema },
  refusals: [
    "chat-not-found",
    "item-not-found",
    "not-editable",
    "edit-while-replying",
    "edit-after-answer",
  ],
});

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

export const searchChats = defineOperation({
  method: "GET",
  path: "/api/chats/search",
  summary:
    "The visitor's own chats holding every word of `q`, in their titles or in what was said, with a snippet",
  needs: { visitor: true, query: searchQuery, changesState: false, heal: false },
  responses: { 200: chatSearchResponseSchema },
});

export const regenerateReply = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/items/{itemId}/regenerate",
  summary:
    "Writes the last reply again, or retries an interrupted one: the same item, a new revision",
  needs: { visitor: true, params: itemParamsSchema, changesState: "counted", heal: "chat" },
  responses: { 202: regeneratingSchema },
  refusals: ["chat-not-found", "item-not-found", "cannot-regenerate"],
});

export const stopTurn = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/turns/stop",
  summary: "Stops the reply being written; the turn ends as stopped and the queue moves on",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false },
  responses: { 202: stoppingSchema },
  refusals: ["chat-not-found"],
});
