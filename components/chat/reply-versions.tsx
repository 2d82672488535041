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

export function VersionSwitcher({
  shown,
  total,
  onShow,
}: {
  shown: number;
  total: number;
  onShow: (version: number) => void;
}) {
  const step =
    "rounded-md px-2 py-0.5 text-base leading-none text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800";
  return (
    <div
      role="group"
      aria-label="Reply versions"
      className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <button
        type="button"
        aria-label="Previous version"
        disabled={shown <= 1}
        onClick={() => onShow(shown - 1)}
        className={step}
      >
        ‹
      </button>
      <span aria-live="polite">
        Version {shown} of {total}
      </span>
      <button
        type="button"
        aria-label="Next version"
        disabled={shown >= total}
        onClick={() => onShow(shown + 1)}
        className={step}
      >
        ›
      </button>
    </div>
  );
}
