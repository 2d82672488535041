import "server-only";
import { z } from "zod";
import { storedUiQueryArguments, type UiBlock } from "@/lib/intelligent-ui";
import {
  LIVE_SOURCES,
  SOURCE_GRANT_NAMES,
  type LiveSources,
  type ReadContext,
} from "@/lib/live-sources";
import type { Tx } from "../store/chats";
import { AppError } from "@/lib/http/errors";
import { findReplyGrants, upsertReplyGrants } from "../store/readings";
import { grantsInForce } from "./grants";
import { authorizeSource } from "./source";

// Stored JSON is parsed on the way out, never trusted as typed.
const readContextSchema = z.object({
  visitorId: z.string(),
  chatId: z.string(),
  grants: z.array(z.string()),
});

/** The visitor and grants a reply's first readings ran with. Server-side only: never in a view, an event or a log. */
export async function storeReplyGrants(
  tx: Tx,
  { itemId, revision, context }: { itemId: string; revision: number; context: ReadContext },
): Promise<void> {
  await upsertReplyGrants(tx, { itemId, revision, context: readContextSchema.parse(context) });
}

/**
 * The reply's grants narrowed to those still in force: access withdrawn since refuses with
 * `source-refused`. A reply stored before its grants were kept uses the visitor's grants now.
 */
export async function authorizeChoiceAgain(
  tx: Tx,
  {
    chatId,
    visitorId,
    itemId,
    revision,
    block,
    values,
  }: {
    chatId: string;
    visitorId: string;
    itemId: string;
    revision: number;
    block: UiBlock;
    values: unknown;
  },
  sources: LiveSources = LIVE_SOURCES,
): Promise<void> {
  const queries = Object.values(block.queries);
  if (queries.length === 0) return;
  const stored = await findReplyGrants(tx, { itemId, revision });
  const captured =
    stored !== null
      ? readContextSchema.parse(stored)
      : { visitorId, chatId, grants: SOURCE_GRANT_NAMES as string[] };
  const inForce = new Set(await grantsInForce(chatId, tx));
  const context: ReadContext = {
    ...captured,
    grants: captured.grants.filter((grant) => inForce.has(grant)),
  };
  for (const query of queries) {
    const source = sources.get(query.source);
    if (!source) throw new AppError("source-unregistered");
    const args = z.safeParse(source.args, storedUiQueryArguments(block, `$${query.name}`, values));
    if (!args.success) throw new AppError("invalid-query-arguments");
    const refusal = await authorizeSource(source, context, args.data);
    if (refusal) throw new AppError("source-refused", refusal.message, refusal.code);
  }
}
