"use client";

// First: the AI SDK brings classic zod, which must not probe for eval under this app's policy.
import "@/components/ui/zod-without-eval";
import { useChat } from "@ai-sdk/react";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  AnswerableChatTransport,
  answerableDataPartSchemas,
  answerableMetadataSchema,
  itemOfMessage,
  toUIMessages,
  withAnswer,
  type AnswerableUIMessage,
} from "@/lib/ai-sdk";
import type { ChatView } from "@/lib/chat/wire";
import { postJson } from "@/lib/chat/wire/client-api";
import { BlockPart } from "@/components/chat/block-part";
import { ChatActionsContext } from "@/components/chat/chat-actions";
import { Markdown } from "@/components/chat/markdown";
import { ComponentPartView } from "@/components/frames/component-part";
import { ConfirmationCard } from "@/components/frames/confirmation-card";
import { McpAppFallback } from "@/components/mcp-apps/app-fallback";

const transport = new AnswerableChatTransport();

/**
 * A chat as a stock `useChat` page draws it: `message.parts.map(…)`, with the app's renderers for
 * the blocks, ChoiceLists and proposed actions. Answers go to the app's answer routes, which prove
 * them on what is stored; the messages they send come back through the chat's log.
 */
export function ExampleChat({ initial }: { initial: ChatView }) {
  const chatId = initial.id;
  const { messages, setMessages, sendMessage, resumeStream, stop, status, error } =
    useChat<AnswerableUIMessage>({
      id: chatId,
      messages: toUIMessages(initial),
      transport,
      dataPartSchemas: answerableDataPartSchemas,
      messageMetadataSchema: answerableMetadataSchema,
      // A reply still being written when the page opens is read from the log, from its start.
      resume: true,
      // An answer recorded on another reply while this one streams.
      onData: (part) => {
        if (part.type === "data-answer") setMessages((all) => withAnswer(all, part.data));
      },
    });
  const [ended, setEnded] = useState<string | null>(null);
  const busy = status === "submitted" || status === "streaming";

  // The page as the server has it now: its finished messages, and the reply being written, resumed.
  const showChat = useCallback(
    async (chat: ChatView) => {
      setMessages(toUIMessages(chat));
      if (chat.running) await resumeStream();
    },
    [setMessages, resumeStream],
  );
  useFollowChat(chatId, initial.lastEventSeq, busy, showChat, setEnded);
  const actions = useMemo(
    () => ({ resync: async () => showChat(await transport.readChat(chatId)) }),
    [chatId, showChat],
  );

  if (ended === DELETED) return <p className="p-8">{DELETED}</p>;
  return (
    <ChatActionsContext.Provider value={actions}>
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
          <h1 className="truncate font-semibold">{initial.title} (useChat)</h1>
          <Link href={`/chats/${chatId}`} className="shrink-0 text-sm underline">
            Open in the app
          </Link>
        </header>
        <div className="flex-1 overflow-y-auto">
          <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
            {messages.map((message) => (
              <Message key={message.id} message={message} chatId={chatId} />
            ))}
            {(error || ended) && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error?.message ?? ended}
              </p>
            )}
          </div>
        </div>
        <Composer
          busy={busy}
          onSend={(text) => sendMessage({ text })}
          onStop={async () => {
            await stop();
            await postJson(`/api/chats/${chatId}/turns/stop`, {});
          }}
        />
      </div>
    </ChatActionsContext.Provider>
  );
}

function Message({ message, chatId }: { message: AnswerableUIMessage; chatId: string }) {
  const item = itemOfMessage(message);
  const own = message.role === "user";
  return (
    <article
      aria-label={own ? "You" : "Agent"}
      data-status={message.metadata?.status}
      className={
        own ? "ml-auto max-w-[85%] rounded-2xl bg-zinc-100 px-4 py-2 dark:bg-zinc-800" : ""
      }
    >
      <div className="space-y-3">
        {message.parts.map((part, index) => {
          switch (part.type) {
            case "text":
              return (
                <Markdown key={index} text={part.text} streaming={part.state === "streaming"} />
              );
            case "data-ui-block":
              return (
                <BlockPart
                  key={part.id}
                  item={item}
                  chatId={chatId}
                  blockId={part.data.blockId}
                  fence={part.data.fence ?? undefined}
                />
              );
            case "data-choice-list":
              // Draws the list and the actions its picks proposed.
              return (
                <ComponentPartView
                  key={part.id}
                  part={part.data.frame}
                  item={item}
                  chatId={chatId}
                />
              );
            case "data-confirmation":
              // Drawn under its ChoiceList when the reply holds it; on its own otherwise.
              return item.parts.some(
                (each) =>
                  each.kind === "component" &&
                  each.instanceId === part.data.confirmation.instanceId,
              ) ? null : (
                <ConfirmationCard
                  key={part.id}
                  confirmation={part.data.confirmation}
                  chatId={chatId}
                  focusOnMount={false}
                />
              );
            case "dynamic-tool": {
              // An MCP App's call: its text, as the stored part holds it.
              const app = item.parts.find(
                (each) => each.kind === "mcp-app" && each.toolCallId === part.toolCallId,
              );
              return app?.kind === "mcp-app" ? (
                <McpAppFallback key={part.toolCallId} part={app} />
              ) : null;
            }
            case "data-diagnostic":
              return (
                <p key={part.id} role="note" className="text-sm text-zinc-600 dark:text-zinc-400">
                  {part.data.message}
                </p>
              );
            default:
              return null;
          }
        })}
      </div>
    </article>
  );
}

function Composer({
  busy,
  onSend,
  onStop,
}: {
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [input, setInput] = useState("");
  return (
    <form
      className="mx-auto flex w-full max-w-3xl gap-2 px-4 pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!input.trim() || busy) return;
        onSend(input);
        setInput("");
      }}
    >
      <label htmlFor="example-message" className="sr-only">
        Message
      </label>
      <input
        id="example-message"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        placeholder="Say something…"
        className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {busy ? (
        <button type="button" onClick={onStop} className="rounded-md border px-3 py-2">
          Stop
        </button>
      ) : (
        <button
          type="submit"
          className="rounded-md bg-zinc-900 px-3 py-2 text-white dark:bg-zinc-100 dark:text-zinc-900"
        >
          Send
        </button>
      )}
    </form>
  );
}

const DELETED = "This chat was deleted.";
const LOST = "This page stopped hearing of the chat's changes: reload it.";

/**
 * While no reply streams into this page, waits for the chat's log to move (a pick here or in
 * another tab, a message sent elsewhere) and shows the chat as the server has it then. A reply
 * that started is resumed, and the stream takes over until it ends (the page is busy meanwhile,
 * and this effect ends with it).
 */
function useFollowChat(
  chatId: string,
  initialSeq: number,
  busy: boolean,
  showChat: (chat: ChatView) => Promise<void>,
  end: (reason: string) => void,
) {
  const cursor = useRef(initialSeq);
  useEffect(() => {
    if (busy) return;
    const following = new AbortController();
    void (async () => {
      for (;;) {
        const change = await transport.nextChange(chatId, cursor.current, following.signal);
        if (change === "deleted") return end(DELETED);
        const chat = await transport.readChat(chatId, following.signal);
        if (following.signal.aborted) return;
        cursor.current = chat.lastEventSeq;
        // A reply that ends before its stream opens leaves the page ready: it follows on.
        await showChat(chat);
        // Otherwise the stream ran, and the page follows again from the effect once it ended.
        if (following.signal.aborted) return;
      }
    })().catch(() => {
      if (!following.signal.aborted) end(LOST);
    });
    return () => following.abort();
  }, [chatId, busy, showChat, end]);
}
