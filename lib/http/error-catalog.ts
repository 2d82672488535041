// Browser-safe: plain data, no zod, no Node, no server-only; the page words refusals from it too,
// loading it with the first refusal it receives. It imports only its part a page draws at first.
import { DRAWN_ERRORS } from "./error-catalog-drawn";

/**
 * Who named a code. `protocol`: fixed by the block language and its host protocol (the failure
 * codes `lib/intelligent-ui` defines, and the host protocol's own codes such as `ui-already-answered`,
 * `stale-ui-block`), so integrators match on them and their mixed styles stay exactly as they are.
 * `app`: this app's own (frames, chats, requests), stable too, as clients and tests match on them.
 * `lib/component-frames` names no code here: its diagnostics ride under a code as its `reason`.
 */
export type ErrorOrigin = "protocol" | "app";

export type ErrorEntry = {
  status: number;
  origin: ErrorOrigin;
  /** What a person reads: the server's message when a refusal says nothing finer, and the page's. */
  sentence: string;
  /** The server words each refusal for people (how long to wait, a source's own reason): shown as sent. */
  shownAsSent?: true;
  /** Finer sentences per `reason`, where a reason changes what the person can do. */
  reasons?: Readonly<Record<string, string>>;
};

const RELOAD_TO_SEE = "Reload the page to see the chat as it is.";

/** Every code a refusal carries: its status and its sentence, in one place. */
export const ERROR_CATALOG = {
  // Blocks (decisions 006, 007): `chat.uiChoice`, `ui.query` and `ui.link`.
  refused_choice: {
    status: 422,
    origin: "protocol",
    sentence: "That choice is not open as it stands now. Reload the page and pick again.",
  },
  refused_binding: {
    status: 422,
    origin: "protocol",
    sentence:
      "The block's values could not be matched to its controls. Reload the page and try again.",
  },
  invalid_value: {
    status: 422,
    origin: "protocol",
    sentence: "The block's values are not ones its controls offer. Reset the block and try again.",
  },
  budget_exceeded: {
    status: 422,
    origin: "protocol",
    sentence: "This block is too large to check. Ask the agent for a smaller one.",
  },
  "ui-block-not-found": {
    status: 404,
    origin: "app",
    sentence: `This block is no longer in the chat. ${RELOAD_TO_SEE}`,
  },
  "stale-ui-block": {
    status: 409,
    origin: "protocol",
    sentence:
      "This block changed after your page drew it. The current version is shown now; check it and pick again.",
    reasons: {
      // Written again (Regenerate or Retry, perhaps in another tab) before the pick arrived.
      revision:
        "This reply was written again, in another tab or by another viewer, so your pick was not sent. The new version is shown now, with your inputs kept where it still has them; check it and pick again.",
    },
  },
  "ui-already-answered": {
    status: 409,
    origin: "protocol",
    sentence:
      "This block was already answered, in another tab or by another viewer. The answer is shown above.",
  },
  "stale-ui-query": {
    status: 409,
    origin: "protocol",
    sentence:
      "The live data changed since it was read. It is being read again; pick again once it has arrived.",
  },
  "block-stale": {
    status: 409,
    origin: "protocol",
    sentence: "This block changed since the page drew it. Reload the page to use it again.",
  },
  "block-answered": {
    status: 409,
    origin: "app",
    sentence: "This block was answered; it keeps the data it was answered on.",
  },
  "query-undeclared": {
    status: 422,
    origin: "protocol",
    sentence: "This block declares no such live query.",
  },
  "source-unregistered": {
    status: 422,
    origin: "protocol",
    sentence: "This block reads a source this app does not provide.",
  },
  "invalid-query-arguments": {
    status: 422,
    origin: "app",
    sentence: "The block's inputs give arguments its source does not accept.",
  },
  "refresh-limit": {
    status: 429,
    origin: "protocol",
    sentence: "This data was read a moment ago; it is read again shortly.",
    shownAsSent: true,
  },
  "source-refused": {
    status: 403,
    origin: "app",
    sentence: "The source of this data refused it.",
    shownAsSent: true,
  },
  "link-not-found": {
    status: 404,
    origin: "app",
    sentence: "This link is not on the block as the server draws it. Reload the page to open it.",
  },
  // Frames (decision 005): selections and confirmations.
  "frame-not-found": {
    status: 404,
    origin: "app",
    sentence: `This list is no longer in the chat. ${RELOAD_TO_SEE}`,
  },
  "frame-not-answerable": {
    status: 409,
    origin: "app",
    sentence:
      "This list cannot be answered yet: its reply is still being written, or did not finish.",
  },
  "frame-already-answered": {
    status: 409,
    origin: "app",
    sentence:
      "This list was already answered, in another tab or by another viewer. Its answer is shown now.",
  },
  "action-refused": {
    status: 422,
    origin: "app",
    sentence: "This action cannot be proposed. Choose another option.",
  },
  "confirmation-not-found": {
    status: 404,
    origin: "app",
    sentence: `This confirmation is no longer in the chat. ${RELOAD_TO_SEE}`,
  },
  "confirmation-settled": {
    status: 409,
    origin: "app",
    sentence: "This confirmation was already decided; nothing more was done.",
  },
  "confirmation-expired": {
    status: 410,
    origin: "app",
    sentence: "This confirmation expired; nothing was run.",
  },
  "confirmation-replaced": {
    status: 409,
    origin: "app",
    sentence:
      "This proposal was changed before anyone approved it, so nothing was done: the changed one is shown now.",
  },
  "confirmation-edit-refused": {
    status: 422,
    origin: "app",
    sentence:
      "These changes do not fit this action, so nothing was done. Check the fields and try again.",
    reasons: {
      CONFIRMATION_INVALID_REQUEST: "Nothing was changed. Approve the proposal as it is instead.",
    },
  },

  // MCP App views (decision 034): a view's `ui/message` answered once, its model context.
  "mcp-app-not-found": {
    status: 404,
    origin: "app",
    sentence: `This app's view is no longer in the chat. ${RELOAD_TO_SEE}`,
  },
  "stale-mcp-app": {
    status: 409,
    origin: "app",
    sentence:
      "This app's view cannot answer as it stands: its reply is still being written, did not finish, or was written again.",
    reasons: {
      revision:
        "This reply was written again, in another tab or by another viewer, so the view's message was not sent. The new version is shown now.",
    },
  },
  "mcp-app-already-answered": {
    status: 409,
    origin: "app",
    sentence:
      "This app's view was already answered, in another tab or by another viewer. The answer is shown on it.",
  },
  "mcp-app-context-too-large": {
    status: 413,
    origin: "app",
    sentence: "The view's context for the agent is too large to keep. The app must send less.",
  },
  // A view's `tools/call` (decision 035): only its own server's app tools, with valid arguments.
  "mcp-tool-not-allowed": {
    status: 403,
    origin: "app",
    sentence:
      "This app's view asked for a tool it may not call, so nothing was done. The app must call only its own tools.",
  },
  "mcp-tool-arguments-invalid": {
    status: 422,
    origin: "app",
    sentence:
      "This app's view called its tool with arguments the tool does not accept, so nothing was done.",
  },
  "mcp-tool-arguments-too-large": {
    status: 413,
    origin: "app",
    sentence: "This app's view called its tool with too much data, so nothing was done.",
  },

  // Requests, chats, messages and limits.
  "invalid-body": {
    status: 400,
    origin: "app",
    sentence:
      "This could not be sent as written: a message holds some text and must stay within its length limit.",
  },
  "invalid-text": {
    status: 400,
    origin: "app",
    sentence:
      "The message holds characters that cannot be stored (a NUL or half an emoji). Remove them and send it again.",
  },
  "invalid-cursor": {
    status: 400,
    origin: "app",
    sentence: "An event cursor is a whole number.",
  },
  "invalid-position": {
    status: 400,
    origin: "app",
    sentence: "An item position is a whole number.",
  },
  "invalid-search": {
    status: 400,
    origin: "app",
    sentence: "A search needs some text, and not too much. Change it and search again.",
  },
  "invalid-path": {
    status: 400,
    origin: "app",
    sentence: "This address is not one the app serves.",
  },
  "duplicate-cookie": {
    status: 400,
    origin: "app",
    sentence: "The request carries two visitor cookies; clear this site's cookies and reload.",
  },
  "malformed-request": {
    status: 400,
    origin: "app",
    sentence: "The request could not be read as HTTP.",
  },
  "body-too-large": {
    status: 413,
    origin: "app",
    sentence: "The message is too large to send. Shorten it or send it in parts.",
  },
  "unsupported-media-type": {
    status: 415,
    origin: "app",
    sentence: "Send the body as application/json.",
  },
  "not-acceptable": {
    status: 406,
    origin: "app",
    sentence: "Accept both application/json and text/event-stream, as an MCP client does.",
  },
  "headers-too-large": {
    status: 431,
    origin: "app",
    sentence: "The request's headers are too large.",
  },
  "forbidden-origin": {
    status: 403,
    origin: "app",
    sentence: "This request must come from the app's own pages.",
  },
  "method-not-allowed": {
    status: 405,
    origin: "app",
    sentence: "This method is not served here.",
  },
  "not-found": { status: 404, origin: "app", sentence: "Not found." },
  "chat-not-found": {
    status: 404,
    origin: "app",
    sentence: "This chat no longer exists. Start a new chat from the list.",
  },
  "share-not-found": {
    status: 404,
    origin: "app",
    sentence:
      "This link no longer works: its owner stopped sharing the chat, or shared it again with a new link.",
  },
  "item-not-found": {
    status: 404,
    origin: "app",
    sentence: `This message is no longer in the chat. ${RELOAD_TO_SEE}`,
  },
  "cannot-regenerate": {
    status: 409,
    origin: "app",
    sentence:
      "The chat has moved on since this page drew it (a reply is under way, a newer message came, or one of this reply’s lists was answered), so this reply can’t be written again. Send a new message instead.",
  },
  "older-version": {
    status: 409,
    origin: "app",
    sentence:
      "This is an earlier version of the reply; only the newest version can be answered. Go to the newest version and pick there.",
  },
  "not-editable": {
    status: 409,
    origin: "app",
    sentence:
      "Only a message you typed can be edited; a reply, or a pick from a list or block, cannot.",
  },
  // "edit-while-replying", "edit-after-answer" and the page's own "network": in DRAWN_ERRORS.
  "queue-full": {
    status: 429,
    origin: "app",
    sentence: "Messages are already waiting for the reply to finish; send this one once it has.",
    shownAsSent: true,
  },
  "rate-limited": {
    status: 429,
    origin: "app",
    sentence: "Too many requests. Try again in a moment.",
    shownAsSent: true,
  },
  "too-many-chats": {
    status: 409,
    origin: "app",
    sentence:
      "You have as many chats as one visitor can keep. Delete one from the list, then start this one again.",
  },
  busy: {
    status: 429,
    origin: "protocol",
    sentence: "Reads of this chat are already running; this one starts when one ends.",
    shownAsSent: true,
  },
  unauthorized: {
    status: 401,
    origin: "app",
    sentence: "This route is for the scheduled sweep only.",
  },
  "database-busy": {
    status: 503,
    origin: "app",
    sentence: "The server is busy, so nothing was done. Try again in a moment.",
  },
  "database-unavailable": {
    status: 503,
    origin: "app",
    sentence: "The server cannot reach its database, so nothing was done. Try again shortly.",
  },
  internal: { status: 500, origin: "app", sentence: "Something went wrong on our side." },
  ...DRAWN_ERRORS,
} as const satisfies Readonly<Record<string, ErrorEntry>>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, code);
}

/** The catalog's entry for a code the server sent, or undefined for one it does not list. */
export function errorEntry(code: string): ErrorEntry | undefined {
  return isErrorCode(code) ? ERROR_CATALOG[code] : undefined;
}

/** The sentence for a code, and a reason under it where the catalog words that reason apart. */
export function errorSentence(code: ErrorCode, reason?: string): string {
  const entry: ErrorEntry = ERROR_CATALOG[code];
  return (reason !== undefined && entry.reasons?.[reason]) || entry.sentence;
}

/**
 * What a person reads for a refusal the server sent: the catalog's sentence for its code (a
 * reason's where the catalog words it apart), or the server's own words where it words the
 * refusal for people. Undefined for a code the catalog does not list.
 */
export function refusalWords(refusal: {
  code: string;
  message: string;
  reason?: string;
}): string | undefined {
  const entry = errorEntry(refusal.code);
  if (entry === undefined) return undefined;
  return entry.shownAsSent
    ? refusal.message
    : errorSentence(refusal.code as ErrorCode, refusal.reason);
}
