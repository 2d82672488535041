import "server-only";
import {
  chatGrantBodySchema,
  chatParamsSchema,
  confirmationBodySchema,
  confirmationParamsSchema,
  selectionBodySchema,
  uiChoiceBodySchema,
  uiLinkBodySchema,
  uiQueryBodySchema,
} from "@/lib/chat/wire/requests";
import {
  chatGrantsSchema,
  decidedConfirmationSchema,
  linkViewSchema,
  selectionOutcomeSchema,
  uiChoiceOutcomeSchema,
  uiReadingSchema,
} from "@/lib/chat/wire/responses";
import { defineOperation } from "../operation";

// What a person answers in a chat: picks, readings, links, confirmations and grants.

/** Values a block's controls could not have produced, or a block too large to check. */
const VALUE_REFUSALS = ["refused_binding", "invalid_value", "budget_exceeded"] as const;

export const listGrants = defineOperation({
  method: "GET",
  path: "/api/chats/{chatId}/grants",
  summary: "The chat's source grants: what its live blocks may read",
  needs: { visitor: true, params: chatParamsSchema, changesState: false, heal: false },
  responses: { 200: chatGrantsSchema },
  refusals: ["chat-not-found"],
});

export const setGrant = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/grants",
  summary: "Withdraws (`granted: false`) or restores a source grant of the chat",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: chatGrantBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 200: chatGrantsSchema },
  refusals: ["chat-not-found"],
});

export const readUiQuery = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/ui-queries",
  summary: "`ui.query`: a reading of one of a live block's queries, issued by the server",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiQueryBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 200: uiReadingSchema },
  refusals: [
    "chat-not-found",
    "block-stale",
    "block-answered",
    "query-undeclared",
    "source-unregistered",
    "invalid-query-arguments",
    "source-refused",
    "refresh-limit",
    "busy",
    ...VALUE_REFUSALS,
  ],
});

export const answerUiChoice = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/ui-choices",
  summary: "`chat.uiChoice`: a person picked a Choice of an intelligent-ui block",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiChoiceBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 200: uiChoiceOutcomeSchema },
  refusals: [
    "chat-not-found",
    "ui-block-not-found",
    "stale-ui-block",
    "ui-already-answered",
    "stale-ui-query",
    "refused_choice",
    ...VALUE_REFUSALS,
    "source-refused",
    "queue-full",
  ],
});

export const selectFrameChoice = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/selections",
  summary: "A person picked a choice of a component frame",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: selectionBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 200: selectionOutcomeSchema },
  refusals: [
    "chat-not-found",
    "frame-not-found",
    "frame-not-answerable",
    "frame-already-answered",
    "older-version",
    "refused_choice",
    "action-refused",
    "queue-full",
  ],
});

export const resolveUiLink = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/ui-links",
  summary: "`ui.link`: where a visible link of a block goes for the block's current values",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiLinkBodySchema,
    changesState: "uncounted",
    heal: false,
  },
  responses: { 200: linkViewSchema },
  refusals: ["chat-not-found", "block-stale", "link-not-found", ...VALUE_REFUSALS],
});

export const decideConfirmation = defineOperation({
  method: "POST",
  path: "/api/chats/{chatId}/confirmations/{token}",
  summary: "Approves or rejects an action awaiting confirmation",
  needs: {
    visitor: true,
    params: confirmationParamsSchema,
    body: confirmationBodySchema,
    changesState: "counted",
    heal: "chat",
  },
  responses: { 200: decidedConfirmationSchema },
  refusals: [
    "chat-not-found",
    "confirmation-not-found",
    "confirmation-settled",
    "confirmation-expired",
  ],
});
