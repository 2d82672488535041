// No "server-only" marker: the notice listener, which the parity test runs outside Next, shares it.

/** The Postgres channel every append notifies (`<chatId>:<lastEventSeq>`, or `<chatId>:deleted`). */
export const CHAT_EVENTS_CHANNEL = "chat_events";
