"use client";

import { LocalTime } from "@/components/ui/local-time";
import type { ChatSearchResult } from "@/lib/chat/wire";
import type { SearchState } from "./use-chat-search";

/** A typed search's results, standing in for the chat list: clicked, or moved through from the box. */
export function ChatSearchResults({
  id,
  optionId,
  state,
  sentence,
  active,
  setActive,
  open,
}: {
  id: string;
  optionId: (index: number) => string;
  state: Exclude<SearchState, { status: "idle" }>;
  sentence: string;
  active: number;
  setActive: (index: number) => void;
  open: (result: ChatSearchResult) => void;
}) {
  const { results } = state;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      {results.length === 0 ? (
        <p className="px-2 text-sm text-zinc-600 dark:text-zinc-400">
          {state.status === "searching" ? "Searching…" : sentence}
        </p>
      ) : (
        <ul id={`${id}-results`} role="listbox" aria-label="Chats found" className="space-y-0.5">
          {results.map((result, index) => (
            // Options are picked with the keyboard from the box (aria-activedescendant) or clicked.
            <li
              key={result.chatId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => open(result)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900"}`}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-medium">{result.title}</span>
                <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                  <LocalTime iso={result.updatedAt} />
                </span>
              </span>
              {result.snippet && (
                <span className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">
                  {result.snippet.map((piece, at) =>
                    piece.match ? (
                      <mark
                        key={at}
                        className="rounded-sm bg-amber-200 text-zinc-900 dark:bg-amber-300 dark:text-zinc-950"
                      >
                        {piece.text}
                      </mark>
                    ) : (
                      piece.text
                    ),
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
