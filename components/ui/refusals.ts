import { ApiError } from "@/lib/chat/wire/client-api";

/**
 * What a refused request means for the person, and what they can do next. Each action words its
 * own codes (`own`); the codes any request can meet read the same everywhere. `failed` says what
 * did not happen ("The message could not be sent"), for sentences that need it.
 */
export function refusalSentence(
  error: unknown,
  failed: string,
  own: Readonly<Record<string, string>> = {},
): string {
  if (!(error instanceof ApiError)) return `${failed}. Check your connection and try again.`;
  if (Object.hasOwn(own, error.code)) return own[error.code]!;
  switch (error.code) {
    case "chat-not-found":
      return "This chat no longer exists. Start a new chat from the list.";
    case "share-not-found":
      return "This link no longer works: its owner stopped sharing the chat, or shared it again with a new link.";
    case "database-busy":
      return `${failed}: the server is busy. Try again in a moment.`;
    case "database-unavailable":
      return `${failed}: the server cannot reach its database. Try again shortly.`;
    case "network":
      return `${failed}: the server did not answer as expected. Try again in a moment.`;
    case "rate-limited":
    case "queue-full":
    case "busy":
    case "refresh-limit":
    // A source's own sentence: why its data may no longer be acted on.
    case "source-refused":
      // Written for people, with how long to wait or what to wait for: shown as they are.
      return error.message;
    default:
      return `${failed}. Reload the page and try again.`;
  }
}

/** Edits and reply versions (decision 021): why the server refused, and what to do instead. */
export const EDIT_REFUSALS: Readonly<
  Record<
    | "not-editable"
    | "edit-while-replying"
    | "edit-after-answer"
    | "older-version"
    | "item-not-found",
    string
  >
> = {
  "not-editable":
    "Only a message you typed can be edited; a reply, or a pick from a list or block, cannot.",
  "edit-while-replying": "A reply is being written. Stop it or wait for it to finish, then edit.",
  "edit-after-answer":
    "A reply after this message was answered, and editing would discard that answer. Send a new message instead.",
  "older-version":
    "This is an earlier version of the reply; only the newest version can be answered. Go to the newest version and pick there.",
  "item-not-found":
    "This message is no longer in the chat. Reload the page to see the chat as it is.",
};
