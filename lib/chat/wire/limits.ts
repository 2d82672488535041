// The bounds the page shows and the server enforces: the lengths a person may type
// (lib/chat/wire/requests.ts), and how long a reading is live.

/** The longest message; longer is refused (`invalid-body`). */
export const MAX_MESSAGE_LENGTH = 8_000;

/**
 * The most text an MCP App view's `ui/message` may carry, its text blocks counted together: it
 * becomes the person's next message, and a view answers with a pick or a short note, not a document.
 */
export const MAX_MCP_APP_MESSAGE_LENGTH = 4_000;

/**
 * The most an MCP App view's model context may hold, as UTF-8 bytes of its JSON (`content` and
 * `structuredContent` together): it rides in the agent's history on every later turn.
 */
export const MAX_MCP_APP_CONTEXT_BYTES = 4_096;

/**
 * The most a view's `tools/call` arguments may hold, as UTF-8 bytes of their JSON: a view asks a
 * tool for a week or a booking, and a proposed action's input is stored and shown to a person.
 * More is refused (`mcp-tool-arguments-too-large`).
 */
export const MAX_MCP_TOOL_ARGUMENTS_BYTES = 4_096;

/** The longest search a person may type; longer is refused (`invalid-search`). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * How long a reading is live after it was read: the server takes it as proof of a pick for this
 * long (a frozen first reading for good), and the page, which reads a visible block again every
 * 10 s, says a reading older than this may be out of date.
 */
export const READING_HOLD_MS = 60_000;
