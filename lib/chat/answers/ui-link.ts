import "server-only";
import { storedUiValidatedState, type UiBlock, type UiState } from "@/lib/intelligent-ui";
import { AppError } from "@/lib/http/errors";
import { resolveBlockLinks } from "@/lib/links/block-links";
import { linkRepository } from "@/lib/links/config";
import type { LinkRepository, LinkView } from "@/lib/links/resolve";
import { resolveOnBlock } from "./ui-choice";
import { findReadableBlock } from "./ui-query";

export type UiLinkRequest = {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
  revision: number;
  /** The link's view node id, as the page drew it (with `:<i>` inside an `Each`). */
  nodeId: string;
  /** The block's input values as the page has them (`$name` keys), unchecked. */
  values: Record<string, unknown>;
};

/** `ui.link`: the values are proven to be ones the block offers; the href is never the page's. */
export async function resolveUiLink(
  request: UiLinkRequest,
  repository: LinkRepository = linkRepository(),
): Promise<LinkView> {
  const { block } = await findReadableBlock(request);
  const links = resolveBlockLinks(block, validatedState(block, request.values), repository);
  const link = Object.hasOwn(links, request.nodeId) ? links[request.nodeId] : undefined;
  if (!link)
    throw new AppError("link-not-found", "This block draws no such link with these values.");
  return link.reason === undefined ? { href: link.href } : { href: link.href, reason: link.reason };
}

/** A stored block is never refused on time (the stored time policy). */
function validatedState(block: UiBlock, values: Record<string, unknown>): UiState {
  return resolveOnBlock(() => storedUiValidatedState(block, values));
}
