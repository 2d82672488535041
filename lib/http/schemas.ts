import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "@/lib/chat/chats";

export const chatParamsSchema = z.object({ chatId: z.uuid() });

export const messageTextSchema = z
  .string()
  .max(MAX_MESSAGE_LENGTH)
  .refine((text) => text.trim().length > 0, "A message needs some text.");

export const createChatBodySchema = z.strictObject({ message: messageTextSchema.optional() });
export type CreateChatBody = z.infer<typeof createChatBodySchema>;

export const sendMessageBodySchema = z.strictObject({ text: messageTextSchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
