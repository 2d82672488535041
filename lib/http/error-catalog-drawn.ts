// Browser-safe and import-free, like the catalog it belongs to (error-catalog.ts).

/**
 * The catalog's entries a page words before any refusal arrives: why Edit is unavailable, drawn
 * beside the button, and the page's own name for an answer that is no refusal. The page imports
 * only these at first; the rest of the catalog loads with the first refusal (lib/chat/wire/client-api.ts).
 */
export const DRAWN_ERRORS = {
  "edit-while-replying": {
    status: 409,
    origin: "app",
    sentence: "A reply is being written. Stop it or wait for it to finish, then edit.",
  },
  "edit-after-answer": {
    status: 409,
    origin: "app",
    sentence:
      "A reply after this message was answered, and editing would discard that answer. Send a new message instead.",
  },
  // Never sent by the server: the page's name for an answer that is no refusal.
  network: {
    status: 502,
    origin: "app",
    sentence: "The server did not answer as expected. Try again in a moment.",
  },
} as const;
