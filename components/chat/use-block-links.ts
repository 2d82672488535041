"use client";

import { useMemo } from "react";
import type { BlockLinkSource } from "@/components/blocks/links";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ItemView } from "@/lib/chat/wire";
import type { LinkView } from "@/lib/links/resolve";
import type { UiValue } from "@/lib/intelligent-ui";
import { useReadOnly } from "./read-only";

/** A finished reply's links: frozen with it, and asked for again when the block's values change one. */
export function useBlockLinks(
  item: ItemView,
  blockId: string,
  chatId: string,
  inputs: Record<string, UiValue>,
): BlockLinkSource | null {
  const frozenLinks = item.links[blockId];
  // A shared copy's inputs never move, so its frozen links are all it draws.
  const readOnly = useReadOnly();
  return useMemo<BlockLinkSource | null>(
    () =>
      item.status === "streaming"
        ? null
        : {
            frozen: frozenLinks ?? {},
            values: inputs,
            // Only a finished reply's stored block is drawn again by the server.
            resolve:
              item.status === "complete" && !readOnly
                ? (nodeId, values) =>
                    postJson<LinkView>(`/api/chats/${chatId}/ui-links`, {
                      itemId: item.id,
                      blockId,
                      revision: item.revision,
                      nodeId,
                      values,
                    })
                : null,
          },
    [item.status, item.id, item.revision, frozenLinks, inputs, chatId, blockId, readOnly],
  );
}
