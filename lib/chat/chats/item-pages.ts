import "server-only";
import type { Tx } from "../store/chats";
import { hasItemBefore, itemViews, readItemRows } from "../store/items";
import type { ItemView } from "../wire";

// Latest items on open, earlier ones a page at a time (decision 014); each with its answered state.

/** How many of a chat's latest items its page draws first: eight exchanges, several screens. */
export const RECENT_ITEMS = 16;
/** How many earlier items one "Show earlier messages" brings; the page draws them, not the server. */
export const EARLIER_PAGE = 40;

type ItemPage = { items: ItemView[]; hasEarlier: boolean };

/** Reaches back to `from` when the reader holds items from there, so a re-read drops nothing. */
export async function readRecentItems(
  tx: Tx,
  { chatId, from }: { chatId: string; from?: number },
): Promise<ItemPage> {
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

export async function readEarlierItems(
  tx: Tx,
  { chatId, before }: { chatId: string; before: number },
): Promise<ItemPage> {
  const rows = await readItemRows(tx, { chatId, position: { lt: before } }, EARLIER_PAGE + 1);
  return {
    items: await itemViews(tx, chatId, rows.slice(0, EARLIER_PAGE)),
    hasEarlier: rows.length > EARLIER_PAGE,
  };
}
