"use client";

import { lazy, memo, Suspense } from "react";
import type { QueuedView } from "@/lib/chat/wire";
import { ErrorNote } from "@/components/ui/error-note";
import { PrimaryButton } from "@/components/ui/primary-button";
import { type Connection, CONNECTION_NOTE_ID, ConnectionNote } from "./connection-note";
import { messageLimit, messageRefusal } from "./message-limit";
import { sendOnEnter, useMessageField } from "./use-message-field";
import { useSendText } from "./use-send-text";

// Stop is drawn only while a reply is written, the queue only once a message waits: each loads
// then; Stop's code is asked for as a message is sent, so it is there when the reply starts.
const loadStop = () => import("./stop-button");
const StopButton = lazy(() => loadStop().then((module) => ({ default: module.StopButton })));
const QueuedMessages = lazy(() =>
  import("./queued-messages").then((module) => ({ default: module.QueuedMessages })),
);

type ComposerProps = {
  chatId: string;
  running: boolean;
  queued: QueuedView[];
  /** Changes when another turn starts (the chat's newest item), so Stop starts afresh for it. */
  turnKey: string;
  /** While the chat's stream is down or its database does not answer, Send and Stop wait (the field keeps what is typed). */
  connection: Connection;
};

// Memoised: a streamed event redraws the chat but leaves the composer, whose props it does not change, alone.
export const Composer = memo(function Composer({
  chatId,
  running,
  queued,
  turnKey,
  connection,
}: ComposerProps) {
  const { text, setText, fieldRef } = useMessageField();
  const limit = messageLimit(text);
  const offline = connection === "lost" || connection === "stalled";
  const onSent = () => {
    setText("");
    // The send button disables itself once the field is empty; keep the writer in the field.
    fieldRef.current?.focus();
  };
  // Offline or stalled, send() holds the message in the field, as over the limit.
  const { sending, error, send } = useSendText({
    url: `/api/chats/${chatId}/messages`,
    text,
    held: limit.over || offline,
    onSent,
    refusal: messageRefusal,
  });
  const submit = () => {
    void loadStop();
    void send();
  };

  return (
    <div className="space-y-2">
      {queued.length > 0 && (
        <Suspense fallback={null}>
          <QueuedMessages queued={queued} />
        </Suspense>
      )}
      <ConnectionNote connection={connection} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex items-end gap-2"
      >
        <label htmlFor="composer" className="sr-only">
          Message
        </label>
        <textarea
          id="composer"
          ref={fieldRef}
          rows={1}
          value={text}
          aria-describedby={limit.note ? "composer-limit" : undefined}
          aria-invalid={limit.over || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => sendOnEnter(event, submit)}
          placeholder={running ? "Queue a message…" : "Message the agent…"}
          className="min-w-0 flex-1 resize-none rounded-md border border-zinc-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-zinc-700"
        />
        {running && (
          <Suspense fallback={null}>
            <StopButton key={turnKey} chatId={chatId} offline={offline} />
          </Suspense>
        )}
        <PrimaryButton
          type="submit"
          disabled={sending || !text.trim() || limit.over}
          // Focusable while it waits, so the reason beside it is found; send() refuses meanwhile.
          aria-disabled={offline || undefined}
          aria-describedby={offline ? CONNECTION_NOTE_ID : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {running ? "Queue" : "Send"}
        </PrimaryButton>
      </form>
      {limit.note && (
        <p
          id="composer-limit"
          className={`text-xs ${limit.over ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {limit.note}
        </p>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
});
