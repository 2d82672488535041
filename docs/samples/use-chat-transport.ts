import type { ChatInit } from "ai";
import {
  AnswerableChatTransport,
  answerableDataPartSchemas,
  answerableMetadataSchema,
  toUIMessages,
  type AnswerableUIMessage,
} from "@/lib/ai-sdk";
import type { ChatView } from "@/lib/chat/wire";

/**
 * `useChat({ ...chatOptions(chat), resume: true })`, where `chat` is `GET /api/chats/:id`: the
 * chat's finished messages to start from, its running reply resumed from the log on load.
 */
export function chatOptions(chat: ChatView): ChatInit<AnswerableUIMessage> {
  return {
    id: chat.id,
    messages: toUIMessages(chat),
    transport: new AnswerableChatTransport(),
    dataPartSchemas: answerableDataPartSchemas,
    messageMetadataSchema: answerableMetadataSchema,
  };
}
