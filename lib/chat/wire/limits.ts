// The lengths a person may type, which the page shows and the API enforces (lib/chat/wire/requests.ts).

/** The longest message; longer is refused (`invalid-body`). */
export const MAX_MESSAGE_LENGTH = 8_000;

/** The longest search a person may type; longer is refused (`invalid-search`). */
export const MAX_SEARCH_LENGTH = 200;
