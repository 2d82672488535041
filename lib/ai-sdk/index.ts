// What a page on the AI SDK's `useChat` needs to talk to Answerable: the transport and the data parts.
export * from "./data-parts";
export { itemOfMessage, toUIMessages, withAnswer } from "./message-parts";
export { AnswerableChatTransport, type AnswerableTransportOptions } from "./transport";
