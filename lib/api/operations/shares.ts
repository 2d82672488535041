import "server-only";
import { eventCursorQuery, positionQuery } from "@/lib/http/request";
import { chatEventSchema, chatViewSchema, earlierItemsSchema } from "@/lib/chat/wire";
import {
  chatParamsSchema,
  chatViewQuerySchema,
  earlierItemsQuerySchema,
  shareParamsSchema,
} from "@/lib/chat/wire/requests";
import { shareIssuedSchema, shareStateSchema } from "@/lib/chat/wire/shares";
import { defineOperation } from "../operation";

// A chat's share link: its owner makes and ends it; whoever holds it reads, and only reads (decision 023).

export const shareState = defineOperation({
  method: "GET",
  path: "/api/chats/{chatId}/share",
  summary:
    "Whether the chat's read-only link works, and since when; never the link itself (only its hash is kept)",
  needs: { visitor: true, params: chatParamsSchema, changesState: false, heal: false },
  responses: { 200: shareStateSchema },
  refusals: ["chat-not-found"],
});

export const shareChat = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/share",
  summary: "A new read-only link, said once; an older one stops working",
  needs: { visitor: true, params: chatParamsSchema, changesState: "counted", heal: false },
  responses: { 200: shareIssuedSchema },
  refusals: ["chat-not-found"],
});

export const unshareChat = defineOperation({
  method: "DELETE",
  path: "/api/chats/{chatId}/share",
  summary: "Private again: every link's page and stream stop at once",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false },
  responses: { 200: shareStateSchema },
  refusals: ["chat-not-found"],
});

export const sharedView = defineOperation({
  method: "GET",
  path: "/api/shares/{token}",
  summary: "A shared chat as of one moment of its log, every part closed, no confirmation handle",
  needs: {
    visitor: false,
    params: shareParamsSchema,
    query: positionQuery(chatViewQuerySchema),
    admit: "anyone",
  },
  responses: { 200: chatViewSchema },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
});

export const sharedEarlierItems = defineOperation({
  method: "GET",
  path: "/api/shares/{token}/items",
  summary: "A shared chat's page of items before `before`, for scrolling back",
  needs: {
    visitor: false,
    params: shareParamsSchema,
    query: positionQuery(earlierItemsQuerySchema),
    admit: "anyone",
  },
  responses: { 200: earlierItemsSchema },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
});

export const sharedEvents = defineOperation({
  method: "GET",
  path: "/api/shares/{token}/events",
  summary: "A shared chat's events as Server-Sent Events, from a cursor",
  description:
    "As the owner's stream, with confirmation handles replaced; a message `event: unshared` says the link stopped working, and the stream ends.",
  needs: { visitor: false, params: shareParamsSchema, query: eventCursorQuery, admit: "anyone" },
  responses: {
    200: {
      eventStream: chatEventSchema,
      description: "One chat event per message, in sequence order.",
    },
  },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
});
