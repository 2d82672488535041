import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "@/lib/chat/view";

export const chatParamsSchema = z.object({ chatId: z.uuid() });

export const messageTextSchema = z
  .string()
  .max(MAX_MESSAGE_LENGTH)
  .refine((text) => text.trim().length > 0, "A message needs some text.");

export const createChatBodySchema = z.strictObject({ message: messageTextSchema.optional() });
export type CreateChatBody = z.infer<typeof createChatBodySchema>;

export const sendMessageBodySchema = z.strictObject({ text: messageTextSchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

const identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/);

export const selectionBodySchema = z.strictObject({ itemId: z.uuid(), instanceId: identifier, choiceId: identifier });
export type SelectionBody = z.infer<typeof selectionBodySchema>;

export const confirmationParamsSchema = z.object({ chatId: z.uuid(), token: z.string().regex(/^confirm-[A-Za-z0-9-]{1,128}$/) });

export const confirmationBodySchema = z.strictObject({
  decision: z.enum(["approve", "reject"]),
  reason: z.string().max(1_024).optional(),
});
export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;
