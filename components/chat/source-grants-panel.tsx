"use client";

import { useEffect } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { SOURCE_GRANT_NAMES, SOURCE_GRANTS } from "@/lib/live-sources/grants";
import type { ChatGrants } from "@/lib/chat/wire/responses";

export type Grants = ChatGrants["grants"];

/** The open "Data access" panel: a switch per grant once they are read (source-grants.tsx reads them). */
export function GrantsPanel({
  panel,
  onShown,
  grants,
  pending,
  error,
  toggle,
  onEscape,
}: {
  panel: React.Ref<HTMLDivElement>;
  onShown: () => void;
  grants: Grants | null;
  pending: boolean;
  error: string | null;
  toggle: (grant: string, granted: boolean) => void;
  onEscape: () => void;
}) {
  useEffect(onShown, [onShown]);
  return (
    <div
      ref={panel}
      role="group"
      aria-label="Data access"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        onEscape();
      }}
      className="absolute right-0 top-full z-10 mt-1 flex w-64 flex-col gap-2 rounded-md border border-zinc-200 bg-white p-3 shadow dark:border-zinc-800 dark:bg-zinc-950"
    >
      {grants === null && !error && <GrantsLoading />}
      {grants?.map(({ grant, label, granted }) => (
        <button
          key={grant}
          type="button"
          role="switch"
          aria-checked={granted}
          disabled={pending}
          onClick={() => toggle(grant, !granted)}
          className="group flex items-center gap-2 rounded-md text-left text-xs text-zinc-700 disabled:cursor-not-allowed dark:text-zinc-300"
        >
          <span
            aria-hidden="true"
            className="relative inline-flex h-4 w-7 shrink-0 items-center rounded-full bg-zinc-400 transition-colors group-aria-checked:bg-indigo-600 dark:bg-zinc-600 dark:group-aria-checked:bg-indigo-500"
          >
            <span className="ml-0.5 size-3 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-3" />
          </span>
          {label}
        </button>
      ))}
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}

/** Before the chat's grants are read: what there is to grant, and that its state is being read. */
function GrantsLoading() {
  return (
    <>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        Reading this chat’s data access…
      </p>
      <ul className="flex flex-col gap-2">
        {SOURCE_GRANT_NAMES.map((grant) => (
          <li
            key={grant}
            className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300"
          >
            <span
              aria-hidden="true"
              className="inline-flex h-4 w-7 shrink-0 animate-pulse rounded-full bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800"
            />
            {SOURCE_GRANTS[grant]}
          </li>
        ))}
      </ul>
    </>
  );
}
