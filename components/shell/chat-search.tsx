"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useId, useState } from "react";
import type { ChatSearchResult } from "@/lib/chat/wire";
import { MAX_SEARCH_LENGTH } from "@/lib/chat/wire/limits";
import { type SearchState, useChatSearch } from "./use-chat-search";

// The results are drawn only once a search is typed: they load then (or as the box takes focus).
const loadResults = () => import("./chat-search-results");
const ChatSearchResults = lazy(() =>
  loadResults().then((module) => ({ default: module.ChatSearchResults })),
);

/** What the screen reader hears once a search settles, and what the list says when it is empty. */
function countSentence(state: SearchState): string {
  if (state.status === "idle" || state.status === "searching") return "";
  if (state.status === "failed")
    return "The search did not finish. Check your connection and try again.";
  const found = state.results.length;
  return found === 0
    ? `No chats match “${state.text}”.`
    : found === 1
      ? "1 chat found."
      : `${found} chats found.`;
}

/**
 * Finds the visitor's chats by title and by what was said in them: a combobox whose list of
 * results the arrow keys move through, Enter opens and Escape clears. While a search is typed,
 * the results stand in for the chat list (`children`).
 */
export function ChatSearch({ children }: { children: React.ReactNode }) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const state = useChatSearch(text);
  const router = useRouter();
  const id = useId();
  const results = state.status === "idle" ? [] : state.results;
  const open = (result: ChatSearchResult) => router.push(`/chats/${result.chatId}`);
  const optionId = (index: number) => `${id}-option-${index}`;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const move = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (move !== 0 && results.length > 0) {
      event.preventDefault();
      setActive((current) => (current + move + results.length) % results.length);
    } else if (event.key === "Enter" && results[active]) {
      event.preventDefault();
      open(results[active]);
    } else if (event.key === "Escape" && text !== "") {
      // Only a search in progress is cleared: Escape on an empty box still closes the phone's sheet.
      event.preventDefault();
      event.stopPropagation();
      setText("");
      setActive(-1);
    }
  }

  const sentence = countSentence(state);
  return (
    <>
      <div className="px-0.5">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search chats
        </label>
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={results.length > 0 ? `${id}-results` : undefined}
          aria-autocomplete="list"
          aria-activedescendant={results[active] ? optionId(active) : undefined}
          placeholder="Search chats"
          autoComplete="off"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => void loadResults()}
          className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm placeholder:text-zinc-600 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-400"
        />
      </div>
      <p role="status" className="sr-only">
        {sentence}
      </p>
      {state.status === "idle" ? (
        children
      ) : (
        <Suspense fallback={null}>
          <ChatSearchResults
            id={id}
            optionId={optionId}
            state={state}
            sentence={sentence}
            active={active}
            setActive={setActive}
            open={open}
          />
        </Suspense>
      )}
    </>
  );
}
