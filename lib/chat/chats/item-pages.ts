import "server-only";
import type { Tx } from "../store/chats";
import { hasItemBefore, itemViews, readItemRows } from "../store/items";
import type { ItemView } from "../wire";

// Which items a page holds: the latest ones when it opens, earlier ones a page at a time when the
// reader asks (decision 014). Every item comes with its answered state, however it was read.

/** How many of a chat's latest items its page draws first: eight exchanges, several screens. */
export const RECENT_ITEMS = 16;
/** How many earlier items one "Show earlier messages" brings; the page draws them, not the server. */
export const EARLIER_PAGE = 40;

type ItemPage = { items: ItemView[]; hasEarlier: boolean };

/**
 * The chat's latest items, reaching back to position `from` when the reader already holds items
 * from there, so reading the chat again never takes away what they loaded.
 */
export async function readRecentItems(tx: Tx, { chatId, from }: { chatId: string; from?: number }): Promise<ItemPage> {
  // One more than the window says whether anything precedes it, in the same statement.
  const latest = await readItemRows(tx, { chatId }, RECENT_ITEMS + 1);
  let rows = latest.slice(0, RECENT_ITEMS);
  let hasEarlier = latest.length > RECENT_ITEMS;
  const start = rows.at(-1)?.position;
  if (from !== undefined && hasEarlier && start !== undefined && from < start) {
    // One after the other: a transaction's statements share one connection.
    const older = await readItemRows(tx, { chatId, position: { gte: from, lt: start } });
    rows = [...rows, ...older];
    hasEarlier = await hasItemBefore(tx, chatId, from);
  }
  return { items: await itemViews(tx, chatId, rows), hasEarlier };
}

/** The page of items just before position `before`. */
export async function readEarlierItems(tx: Tx, { chatId, before }: { chatId: string; before: number }): Promise<ItemPage> {
  const rows = await readItemRows(tx, { chatId, position: { lt: before } }, EARLIER_PAGE + 1);
  return { items: await itemViews(tx, chatId, rows.slice(0, EARLIER_PAGE)), hasEarlier: rows.length > EARLIER_PAGE };
}
