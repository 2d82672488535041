import { refusalSentence } from "@/components/ui/refusals";
import { formatCount } from "@/components/ui/locale";
import { MAX_MESSAGE_LENGTH } from "@/lib/chat/wire/limits";

// The counter appears once a message is this close to the limit, so it never nags short ones.
const SHOW_FROM = MAX_MESSAGE_LENGTH * 0.8;

/**
 * Whether a message is over the limit, and the counter that says so (null while it is short).
 */
export function messageLimit(text: string): { over: boolean; note: string | null } {
  const length = text.length;
  if (length > MAX_MESSAGE_LENGTH) {
    return {
      over: true,
      note: `${formatCount(length - MAX_MESSAGE_LENGTH)} characters over the ${formatCount(MAX_MESSAGE_LENGTH)} limit. Shorten the message or send it in parts.`,
    };
  }
  return {
    over: false,
    note:
      length >= SHOW_FROM
        ? `${formatCount(length)} / ${formatCount(MAX_MESSAGE_LENGTH)} characters`
        : null,
  };
}

/** A sentence for a message the server refused, with what to do about it. */
export function messageRefusal(error: unknown): string {
  return refusalSentence(error, "The message could not be sent");
}

/** A sentence for an edit the server refused: the message's own limits, and the edit's rules. */
export function editRefusal(error: unknown): string {
  return refusalSentence(error, "The message could not be edited");
}
