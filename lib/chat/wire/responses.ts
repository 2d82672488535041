import { z } from "zod";
import { ComponentSelectionEventSchema } from "@/lib/component-frames";
import { linkViewSchema } from "@/lib/links/resolve";
import { SOURCE_GRANT_NAMES } from "@/lib/live-sources/grants";
import {
  chatListEntrySchema,
  confirmationViewSchema,
  readingViewSchema,
  selectionViewSchema,
  mcpAppAnswerViewSchema,
  uiAnswerViewSchema,
} from "./views";

// The bodies the API answers with; each route's handler is typed against its own (lib/api/route.ts).

export const chatListSchema = z.object({ chats: z.array(chatListEntrySchema) });
export type ChatList = z.infer<typeof chatListSchema>;

/** `status` is null for a chat made without a first message. */
export const createdChatSchema = z.object({
  chatId: z.uuid(),
  status: z.enum(["sent", "queued"]).nullable(),
});
export type CreatedChat = z.infer<typeof createdChatSchema>;

/** `itemId` is the message's item once it is sent; a queued message has none yet. */
export const sentMessageSchema = z.object({
  status: z.enum(["sent", "queued"]),
  itemId: z.uuid().nullable(),
});

/** A message sent again with new text: the new message, whose turn has started (decision 021). */
export const editedMessageSchema = z.object({
  status: z.literal("sent"),
  itemId: z.uuid(),
  turnId: z.uuid(),
});

export const renamedChatSchema = z.object({ chatId: z.uuid(), title: z.string() });

export const deletedChatSchema = z.object({ chatId: z.uuid(), deleted: z.literal(true) });

export const grantViewSchema = z.object({
  grant: z.enum(SOURCE_GRANT_NAMES),
  label: z.string(),
  granted: z.boolean(),
});
export type GrantView = z.infer<typeof grantViewSchema>;

export const chatGrantsSchema = z.object({ grants: z.array(grantViewSchema) });
export type ChatGrants = z.infer<typeof chatGrantsSchema>;

export const uiReadingSchema = z.object({ reading: readingViewSchema });
export type UiReading = z.infer<typeof uiReadingSchema>;

export const uiChoiceOutcomeSchema = z.object({
  status: z.enum(["sent", "queued"]),
  answer: uiAnswerViewSchema,
});
export type UiChoiceOutcome = z.infer<typeof uiChoiceOutcomeSchema>;

/** `status`: the view's message was sent as the person's, or queued behind a running reply. */
export const mcpAppMessageOutcomeSchema = z.object({
  status: z.enum(["sent", "queued"]),
  answer: mcpAppAnswerViewSchema,
});
export type McpAppMessageOutcome = z.infer<typeof mcpAppMessageOutcomeSchema>;

/** When the view's context was stored; it reaches the agent on its next turn. */
export const mcpAppContextStoredSchema = z.object({ updatedAt: z.string() });

/**
 * A view's `tools/call` answered as MCP's `CallToolResult`: the server's result of a tool that
 * runs now, or, for a side effect, a result saying a person is asked to approve it, with the
 * proposal's handle in `structuredContent.confirmation`.
 */
export const mcpAppToolResultSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});
export type McpAppToolResult = z.infer<typeof mcpAppToolResultSchema>;

/** `sent` or `queued`: the choice became a message; `proposed`: it awaits confirmation. */
export const selectionOutcomeSchema = z.object({
  status: z.enum(["sent", "queued", "proposed"]),
  selection: selectionViewSchema,
  event: ComponentSelectionEventSchema,
});
export type SelectionOutcome = z.infer<typeof selectionOutcomeSchema>;

export { linkViewSchema };

export const regeneratingSchema = z.object({ turnId: z.uuid() });

/** `stopping` is false when no reply was being written. */
export const stoppingSchema = z.object({ stopping: z.boolean() });

export const decidedConfirmationSchema = z.object({ confirmation: confirmationViewSchema });
export type DecidedConfirmation = z.infer<typeof decidedConfirmationSchema>;

/** `skipped` while another instance's sweep runs. */
export const sweepResultSchema = z.object({
  drive: z.number().int().nonnegative(),
  requestWindows: z.number().int().nonnegative(),
  skipped: z.literal(true).optional(),
});

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  /** The wire protocol this deployment speaks (decision 020). */
  protocolVersion: z.string(),
  database: z.enum(["ok", "unreachable"]),
  listener: z.object({
    state: z.enum(["connecting", "live", "deaf", "down"]),
    via: z.enum(["DATABASE_URL_UNPOOLED", "DATABASE_URL"]),
    checkedAt: z.string().nullable(),
  }),
  oldestStuckTurnSeconds: z.number().nullable(),
});

/** This API's OpenAPI 3.1 document (`GET /api/openapi.json`), described here by its outline only. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** An MCP App's view, as the page hands it to its sandbox: the HTML and its declared `_meta.ui`. */
export const mcpAppViewSchema = z.object({
  uri: z.string().startsWith("ui://"),
  mimeType: z.literal("text/html;profile=mcp-app"),
  html: z.string(),
  meta: z.looseObject({
    csp: z
      .object({
        connectDomains: z.array(z.string()).optional(),
        resourceDomains: z.array(z.string()).optional(),
        frameDomains: z.array(z.string()).optional(),
        baseUriDomains: z.array(z.string()).optional(),
      })
      .optional(),
    prefersBorder: z.boolean().optional(),
  }),
  /** The tools of the view's server it may call (`tools/call`); the host checks each call again. */
  tools: z.array(z.string()),
});
export type McpAppView = z.infer<typeof mcpAppViewSchema>;
