"use client";

import { useState } from "react";
import type { ItemView } from "@/lib/chat/wire";

/**
 * Which version of a reply this tab shows: the newest, following it as new ones come, unless the
 * reader stepped back. Which versions exist is the server's; which one is viewed stays in the tab.
 */
export function useShownVersion(item: ItemView) {
  const versions = item.versions ?? [];
  const total = versions.length + 1;
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = chosen === null || chosen >= total ? total : chosen;
  const older = shown < total ? versions[shown - 1] : undefined;
  // An earlier version draws with its own answers and readings; lists were only ever picked on the newest.
  const drawn: ItemView = older
    ? {
        ...item,
        revision: older.revision,
        status: older.status,
        parts: older.parts,
        blocks: older.blocks,
        links: older.links,
        uiAnswers: older.uiAnswers,
        readings: older.readings,
        completedAt: older.completedAt,
        selections: {},
        confirmations: {},
      }
    : item;
  return {
    drawn,
    older: older !== undefined,
    shown,
    total,
    show: (version: number) => setChosen(version >= total ? null : version),
  };
}
