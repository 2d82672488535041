// The bounds the page shows and the server enforces: the lengths a person may type
// (lib/chat/wire/requests.ts), and how long a reading is live.

/** The longest message; longer is refused (`invalid-body`). */
export const MAX_MESSAGE_LENGTH = 8_000;

/** The longest search a person may type; longer is refused (`invalid-search`). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * How long a reading is live after it was read: the server takes it as proof of a pick for this
 * long (a frozen first reading for good), and the page, which reads a visible block again every
 * 10 s, says a reading older than this may be out of date.
 */
export const READING_HOLD_MS = 60_000;
