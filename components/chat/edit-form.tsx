"use client";

import { useId, useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { PrimaryButton } from "@/components/ui/primary-button";
import { SecondaryButton } from "@/components/ui/secondary-button";
import type { ItemView } from "@/lib/chat/wire";
import { editRefusal, messageLimit } from "./message-limit";
import { sendOnEnter } from "./use-message-field";
import { useSendText } from "./use-send-text";

const messageText = (item: ItemView) =>
  item.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");

/** The message's text to change and send again: it and the items after it are replaced (decision 021). */
export default function EditForm({
  item,
  chatId,
  onClose,
}: {
  item: ItemView;
  chatId: string;
  onClose: () => void;
}) {
  const [text, setText] = useState(() => messageText(item));
  const fieldId = useId();
  const limit = messageLimit(text);
  const { sending, error, send } = useSendText({
    url: `/api/chats/${chatId}/items/${item.id}/edit`,
    text,
    held: limit.over,
    onSent: onClose,
    refusal: editRefusal,
  });

  return (
    <form
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="ml-auto w-full max-w-[85%] space-y-2"
    >
      <label htmlFor={fieldId} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Edit message: the replies after it are written again
      </label>
      <textarea
        id={fieldId}
        // The person just asked to edit this text.
        autoFocus
        rows={3}
        value={text}
        aria-invalid={limit.over || undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") return onClose();
          sendOnEnter(event, send);
        }}
        className="w-full resize-y rounded-md border border-zinc-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-zinc-700"
      />
      {limit.note && (
        <p
          className={`text-xs ${limit.over ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {limit.note}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <SecondaryButton onClick={onClose} className="px-3 py-1.5 text-sm">
          Cancel
        </SecondaryButton>
        <PrimaryButton
          type="submit"
          disabled={sending || !text.trim() || limit.over}
          className="px-3 py-1.5 text-sm"
        >
          {sending ? "Sending…" : "Send edit"}
        </PrimaryButton>
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
    </form>
  );
}
