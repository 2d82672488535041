import { EDIT_REFUSALS, refusalSentence } from "@/components/ui/refusals";
import { DEFAULT_LOCALE, formatCount, type Locale } from "@/components/ui/locale";
import { MAX_MESSAGE_LENGTH } from "@/lib/chat/wire";

// The counter appears once a message is this close to the limit, so it never nags short ones.
const SHOW_FROM = MAX_MESSAGE_LENGTH * 0.8;

/**
 * Whether a message is over the limit, and the counter that says so (null while it is short), its
 * figures written as the reader's language writes them.
 */
export function messageLimit(
  text: string,
  locale: Locale = DEFAULT_LOCALE,
): { over: boolean; note: string | null } {
  const length = text.length;
  const count = (value: number) => formatCount(value, locale);
  if (length > MAX_MESSAGE_LENGTH) {
    return {
      over: true,
      note: `${count(length - MAX_MESSAGE_LENGTH)} characters over the ${count(MAX_MESSAGE_LENGTH)} limit. Shorten the message or send it in parts.`,
    };
  }
  return {
    over: false,
    note: length >= SHOW_FROM ? `${count(length)} / ${count(MAX_MESSAGE_LENGTH)} characters` : null,
  };
}

const MESSAGE_REFUSALS = {
  "invalid-body": `The message could not be sent as written. Messages hold 1 to ${formatCount(MAX_MESSAGE_LENGTH, DEFAULT_LOCALE)} characters.`,
  "invalid-text":
    "The message holds characters that cannot be stored (a NUL or half an emoji). Remove them and send it again.",
  "body-too-large": "The message is too large to send. Shorten it or send it in parts.",
  "too-many-chats":
    "You have as many chats as one visitor can keep. Delete one from the list, then start this one again.",
};

/** A sentence for a message the server refused, with what to do about it. */
export function messageRefusal(error: unknown): string {
  return refusalSentence(error, "The message could not be sent", MESSAGE_REFUSALS);
}

/** A sentence for an edit the server refused: the message's own limits, and the edit's rules. */
export function editRefusal(error: unknown): string {
  return refusalSentence(error, "The message could not be edited", {
    ...MESSAGE_REFUSALS,
    ...EDIT_REFUSALS,
  });
}
