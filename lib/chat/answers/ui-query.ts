import "server-only";
import { z } from "zod";
import { storedUiQueryArguments, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, type LiveSources, type ReadContext } from "@/lib/live-sources";
import { AppError } from "@/lib/http/errors";
import { grantsExcept } from "../readings/grants";
import {
  argumentsKey,
  authorizeSource,
  readingFields,
  readShared,
  readSource,
} from "../readings/index";
import { readableBlock, settleReading } from "../store/readings";
import { toReadingView } from "../store/views";
import { storedBlocksSchema, type ReadingView } from "../wire";
import { resolveOnBlock } from "./ui-choice";

export type UiQueryRequest = {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
  revision: number;
  /** The query's declared name, with its `$`. */
  query: string;
  /** The block's input values as the page has them (`$name` keys), unchecked. */
  values: Record<string, unknown>;
};

type Clock = { now?: () => number; timeoutMs?: number; sources?: LiveSources };

/**
 * `ui.query`: arguments are evaluated from the stored block with proven values, never the page's; read
 * outside any writing transaction, cached, shared and paced (readings/single-flight.ts). Its id is a choice's proof.
 */
export async function readUiQuery(
  request: UiQueryRequest,
  { now = Date.now, timeoutMs, sources = LIVE_SOURCES }: Clock = {},
): Promise<ReadingView> {
  const { block, context, answered } = await findReadableBlock(request);
  // Only an open block is live: an answered one keeps, for good, the readings its answer quoted.
  if (answered)
    throw new AppError(
      "block-answered",
      "This block was answered; it keeps the data it was answered on.",
    );
  const declared = request.query.startsWith("$")
    ? block.queries[request.query.slice(1)]
    : undefined;
  if (!declared || !Object.hasOwn(block.queries, declared.name))
    throw new AppError("query-undeclared", "This block declares no such live query.");
  const source = sources.get(declared.source);
  if (!source)
    throw new AppError(
      "source-unregistered",
      "This block reads a source this app does not provide.",
    );
  const args = argumentsFor(block, request.query, request.values);
  const parsed = z.safeParse(source.args, args);
  if (!parsed.success)
    throw new AppError(
      "invalid-query-arguments",
      "The block's inputs give arguments its source does not accept.",
    );
  const key = {
    itemId: request.itemId,
    blockId: request.blockId,
    revision: request.revision,
    query: request.query,
    argsKey: argumentsKey(args),
  };
  const at = now();
  // A reading another read took is handed only to a reader whose grants may read it now.
  const authorized = (await authorizeSource(source, context, parsed.data)) === null;
  const read = {
    ...key,
    chatId: request.chatId,
    visitorId: request.visitorId,
    args,
    at,
    authorized,
  };
  const row = await readShared(read, async (slot) => {
    const outcome = await readSource(source, parsed.data, context, { now: at, timeoutMs });
    return settleReading(slot, readingFields(outcome, now()));
  });
  return toReadingView(row);
}

/** The block at that revision of a finished reply (or `block-stale`), with the read's context: the visitor and the grants in force. */
export async function findReadableBlock(
  request: Pick<UiQueryRequest, "chatId" | "visitorId" | "itemId" | "blockId" | "revision">,
): Promise<{ block: UiBlock; context: ReadContext; answered: boolean }> {
  const chat = await readableBlock(request);
  const item = chat.items[0];
  const block =
    item?.status === "complete" && item.revision === request.revision
      ? storedBlocksSchema
          .parse(item.blocks ?? [])
          .find((candidate) => candidate.id === request.blockId)
      : undefined;
  if (!block)
    throw new AppError(
      "block-stale",
      "This block is not in the chat as it stands; reload it to read its data.",
    );
  const context = {
    visitorId: request.visitorId,
    chatId: request.chatId,
    grants: grantsExcept(chat.revokedGrants),
  };
  return { block, context, answered: item!.uiAnswers.length > 0 };
}

function argumentsFor(block: UiBlock, query: string, values: Record<string, unknown>): UiValue {
  return resolveOnBlock(() => storedUiQueryArguments(block, query, values));
}
