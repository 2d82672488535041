import { z } from "zod";

// The answers of the routes that write a reply again or replace a message (decision 021).

/** `POST /api/chats/:chatId/items/:itemId/edit`: the new message, whose turn has started. */
export const editMessageResponseSchema = z.object({ status: z.literal("sent"), itemId: z.string(), turnId: z.string() });
export type EditMessageResponse = z.infer<typeof editMessageResponseSchema>;

/** `POST /api/chats/:chatId/items/:itemId/regenerate`: the turn that writes the reply again. */
export const regenerateResponseSchema = z.object({ turnId: z.string() });
