import type { ChatRequestOptions, ChatTransport, UIMessageChunk } from "ai";
import { refusal } from "@/lib/chat/wire/client-api";
import type { ChatView } from "@/lib/chat/wire";
import type { AnswerableUIMessage } from "./data-parts";
import { readEventLog } from "./event-log";
import { ReplyTranslator, type ReplyTurn } from "./translate";

export type AnswerableTransportOptions = {
  /** Where Answerable's API is served; the page's own origin when empty. */
  api?: string;
  /** A page's `fetch` sends the visitor's cookie and `Origin` itself; another client adds them here. */
  fetch?: typeof fetch;
};

type SendOptions = Parameters<ChatTransport<AnswerableUIMessage>["sendMessages"]>[0];
type ReconnectOptions = Parameters<ChatTransport<AnswerableUIMessage>["reconnectToStream"]>[0];

/**
 * `useChat`'s transport for a chat that Answerable hosts, its `id` the chat's id. A message goes
 * to the chat's message route, a regenerate to the reply's; the reply comes back read from the
 * chat's durable event log, so any instance serves it and a reload resumes it. Nothing else a
 * message holds is sent: answers go through the answer routes, which prove them on what is stored.
 */
export class AnswerableChatTransport implements ChatTransport<AnswerableUIMessage> {
  /** A resumed reply is sent from its start, so the page draws it once. */
  readonly resumeStreamIsReplay = true;
  private readonly api: string;
  private readonly fetch: typeof fetch;

  constructor(options: AnswerableTransportOptions = {}) {
    this.api = options.api ?? "";
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async sendMessages({
    trigger,
    chatId,
    messageId,
    messages,
    abortSignal,
    headers,
  }: SendOptions): Promise<ReadableStream<UIMessageChunk>> {
    const chat = this.chatUrl(chatId);
    // Read before the message is sent, so the log from here holds all of its reply.
    const { lastEventSeq } = await this.request<ChatView>("GET", chat, headers, abortSignal);
    let awaiting: ReplyTurn;
    if (trigger === "regenerate-message") {
      if (!messageId) throw new Error("Regenerate names the reply to write again.");
      const path = `${chat}/items/${encodeURIComponent(messageId)}/regenerate`;
      const { turnId } = await this.request<{ turnId: string }>("POST", path, headers, abortSignal);
      awaiting = { kind: "turn", turnId };
    } else {
      const text = messageText(messages.at(-1));
      const sent = await this.request<{ status: "sent" | "queued"; itemId: string | null }>(
        "POST",
        `${chat}/messages`,
        headers,
        abortSignal,
        { text },
      );
      awaiting = sent.itemId ? { kind: "message", itemId: sent.itemId } : { kind: "queued", text };
    }
    return this.replyStream(chatId, new ReplyTranslator(awaiting), lastEventSeq, {
      abortSignal,
      headers,
    });
  }

  /** The reply being written now, from its start; null when none is. */
  async reconnectToStream({
    chatId,
    abortSignal,
    headers,
  }: ReconnectOptions): Promise<ReadableStream<UIMessageChunk> | null> {
    const chat = await this.request<ChatView>("GET", this.chatUrl(chatId), headers, abortSignal);
    if (!chat.running) return null;
    const reply = chat.items.findLast(
      (item) =>
        item.role === "assistant" && item.parentToolUseId === null && item.status === "streaming",
    );
    const translator = new ReplyTranslator({ kind: "running", reply: reply ?? null });
    return this.replyStream(chatId, translator, chat.lastEventSeq, { abortSignal, headers });
  }

  /** The chat as `GET /api/chats/:id` answers: its items, whether a reply runs, its log's cursor. */
  readChat(chatId: string, signal?: AbortSignal): Promise<ChatView> {
    return this.request<ChatView>("GET", this.chatUrl(chatId), undefined, signal);
  }

  /**
   * Resolves when the chat's log holds an event after `after` (`changed`) or the chat is deleted:
   * how a page that is not streaming hears of a pick, a message or a reply from another tab.
   */
  async nextChange(
    chatId: string,
    after: number,
    signal?: AbortSignal,
  ): Promise<"changed" | "deleted"> {
    const log = readEventLog(
      { fetch: this.fetch, url: `${this.chatUrl(chatId)}/events`, signal },
      after,
    );
    try {
      const read = await log.next();
      if (read.done) throw new Error("The chat's event stream ended.");
      return read.value.kind === "deleted" ? "deleted" : "changed";
    } finally {
      await log.return();
    }
  }

  private chatUrl(chatId: string): string {
    return `${this.api}/api/chats/${encodeURIComponent(chatId)}`;
  }

  private replyStream(
    chatId: string,
    translator: ReplyTranslator,
    after: number,
    { abortSignal, headers }: Pick<ChatRequestOptions, "headers"> & { abortSignal?: AbortSignal },
  ): ReadableStream<UIMessageChunk> {
    const reading = new AbortController();
    abortSignal?.addEventListener("abort", () => reading.abort(), { once: true });
    const log = readEventLog(
      {
        fetch: this.fetch,
        url: `${this.chatUrl(chatId)}/events`,
        headers: plainHeaders(headers),
        signal: reading.signal,
      },
      after,
    );
    const stop = async () => {
      reading.abort();
      await log.return();
    };
    return new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const chunk of translator.opening(after)) controller.enqueue(chunk);
      },
      async pull(controller) {
        // Reads until the log gives this reply something to send, so each pull enqueues.
        for (;;) {
          const read = await log.next();
          if (read.done) return controller.close();
          const message = read.value;
          if (message.kind === "deleted" || message.event === null) {
            await stop();
            controller.enqueue({ type: "error", errorText: LOG_ENDED[message.kind] });
            return controller.close();
          }
          const chunks = translator.next(message.seq, message.event);
          for (const chunk of chunks) controller.enqueue(chunk);
          if (translator.done) {
            await stop();
            return controller.close();
          }
          if (chunks.length > 0) return;
        }
      },
      cancel: stop,
    });
  }

  private async request<Answer>(
    method: "GET" | "POST",
    url: string,
    headers: ChatRequestOptions["headers"],
    signal: AbortSignal | undefined,
    body?: unknown,
  ): Promise<Answer> {
    const response = await this.fetch(url, {
      method,
      headers: {
        ...plainHeaders(headers),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && json) return json as Answer;
    const code = typeof json?.code === "string" ? json.code : "network";
    const message = typeof json?.message === "string" ? json.message : "The request failed.";
    throw await refusal({ code, message, status: response.status });
  }
}

const LOG_ENDED = {
  deleted: "This chat was deleted.",
  event: "The chat holds an event this page cannot read; reload it.",
} as const;

/** The person's message as the message route takes it: its text, nothing else it carries. */
function messageText(message: AnswerableUIMessage | undefined): string {
  if (message?.role !== "user") throw new Error("The last message sent is not the person's.");
  return message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
}

function plainHeaders(headers: ChatRequestOptions["headers"]): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return headers ?? {};
}
