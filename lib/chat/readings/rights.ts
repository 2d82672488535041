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
import { revokedGrants, storedReadRights, storeReadRights } from "../store/readings";
import { authorizeSource } from "./source";

type Client = Pick<Tx, "revokedGrant">;

// Stored JSON is parsed on the way out, never trusted as typed.
const readRightsSchema = z.object({
  visitorId: z.string(),
  chatId: z.string(),
  grants: z.array(z.string()),
});

/** Every grant not withdrawn in the chat. */
export function grantsExcept(revoked: ReadonlyArray<{ grant: string }>): string[] {
  return SOURCE_GRANT_NAMES.filter((grant) => !revoked.some((row) => row.grant === grant));
}

export async function grantsInForce(chatId: string, client?: Client): Promise<string[]> {
  return grantsExcept(await revokedGrants(chatId, client));
}

export async function currentReadRights({
  visitorId,
  chatId,
}: {
  visitorId: string;
  chatId: string;
}): Promise<ReadContext> {
  return { visitorId, chatId, grants: await grantsInForce(chatId) };
}

/** Server-side only: never in a view, an event or a log. */
export async function storeReplyRights(
  tx: Tx,
  { itemId, revision, rights }: { itemId: string; revision: number; rights: ReadContext },
): Promise<void> {
  await storeReadRights(tx, { itemId, revision, rights: readRightsSchema.parse(rights) });
}

/**
 * Reads' rights narrowed to the grants still in force: access withdrawn since refuses with
 * `source-refused`. A reply stored before rights were kept uses the visitor's rights now.
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
  const stored = await storedReadRights(tx, { itemId, revision });
  const captured =
    stored !== null
      ? readRightsSchema.parse(stored)
      : { visitorId, chatId, grants: SOURCE_GRANT_NAMES as string[] };
  const inForce = new Set(await grantsInForce(chatId, tx));
  const rights: ReadContext = {
    ...captured,
    grants: captured.grants.filter((grant) => inForce.has(grant)),
  };
  for (const query of queries) {
    const source = sources.get(query.source);
    if (!source) throw new AppError("source-unregistered");
    const args = source.args.safeParse(storedUiQueryArguments(block, `$${query.name}`, values));
    if (!args.success) throw new AppError("invalid-query-arguments");
    const refusal = await authorizeSource(source, rights, args.data);
    if (refusal) throw new AppError("source-refused", refusal.message, refusal.code);
  }
}
