import "server-only";
import type { Tx } from "@/lib/db/client";
import { itemExtras, toItemView } from "../store";
import type { ItemView } from "../wire";

// Which items a page holds: the latest ones when it opens, earlier ones a page at a time when the
// reader asks (decision 014). Every item comes with its answered state, however it was read.

/** How many of a chat's latest items its page draws first: eight exchanges, several screens. */
export const RECENT_ITEMS = 16;
/** How many earlier items one "Show earlier messages" brings; the page draws them, not the server. */
export const EARLIER_PAGE = 40;

type ItemPage = { items: ItemView[]; hasEarlier: boolean };

type ItemRow = Awaited<ReturnType<typeof readRows>>[number];
const readRows = (tx: Tx, where: { chatId: string; position?: { lt?: number; gte?: number } }, take?: number) =>
  tx.item.findMany({ where, take, orderBy: { position: "desc" } });

function byItem<Row extends { itemId: string }>(rows: Row[]): (itemId: string) => Row[] {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) grouped.set(row.itemId, [...(grouped.get(row.itemId) ?? []), row]);
  return (itemId) => grouped.get(itemId) ?? [];
}

/**
 * Views of rows read newest first, in position order, with their answered state. Each kind of row
 * is read after the other: an `include` would send its relations' reads at once down the
 * transaction's one connection, which pg queues with a warning (and pg 9 refuses).
 */
async function toViews(tx: Tx, chatId: string, rows: ItemRow[]): Promise<ItemView[]> {
  const itemId = { in: rows.map((row) => row.id) };
  // Attempts in order, so a list's latest pick is the one that stands.
  const selections = byItem(await tx.frameSelection.findMany({ where: { itemId }, orderBy: { attempt: "asc" } }));
  const uiAnswers = byItem(await tx.uiAnswer.findMany({ where: { itemId } }));
  const uiReadings = byItem(await tx.uiReading.findMany({ where: { itemId, frozen: true } }));
  // Confirmations are found through their chat's index, then narrowed to these items.
  const confirmations = byItem(await tx.actionConfirmation.findMany({ where: { chatId, itemId }, orderBy: { createdAt: "asc" } }));
  return rows.toReversed().map((row) =>
    toItemView(row, itemExtras({ revision: row.revision, selections: selections(row.id), uiAnswers: uiAnswers(row.id), uiReadings: uiReadings(row.id) }, confirmations(row.id))),
  );
}

/**
 * The chat's latest items, reaching back to position `from` when the reader already holds items
 * from there, so reading the chat again never takes away what they loaded.
 */
export async function readRecentItems(tx: Tx, { chatId, from }: { chatId: string; from?: number }): Promise<ItemPage> {
  // One more than the window says whether anything precedes it, in the same statement.
  const latest = await readRows(tx, { chatId }, RECENT_ITEMS + 1);
  let rows = latest.slice(0, RECENT_ITEMS);
  let hasEarlier = latest.length > RECENT_ITEMS;
  const start = rows.at(-1)?.position;
  if (from !== undefined && hasEarlier && start !== undefined && from < start) {
    // One after the other: a transaction's statements share one connection.
    const older = await readRows(tx, { chatId, position: { gte: from, lt: start } });
    const before = await tx.item.findFirst({ where: { chatId, position: { lt: from } }, select: { id: true } });
    rows = [...rows, ...older];
    hasEarlier = before !== null;
  }
  return { items: await toViews(tx, chatId, rows), hasEarlier };
}

/** The page of items just before position `before`. */
export async function readEarlierItems(tx: Tx, { chatId, before }: { chatId: string; before: number }): Promise<ItemPage> {
  const rows = await readRows(tx, { chatId, position: { lt: before } }, EARLIER_PAGE + 1);
  return { items: await toViews(tx, chatId, rows.slice(0, EARLIER_PAGE)), hasEarlier: rows.length > EARLIER_PAGE };
}
