"use client";

import { useEffect, useState } from "react";
import type { ChatSearchResponse, ChatSearchResult } from "@/lib/chat/wire";

/** Typing pauses this long before a search is sent, so a word typed is one request, not one per key. */
const PAUSE_MS = 200;

type Settled = { text: string; results: ChatSearchResult[]; failed: boolean };

export type SearchState =
  | { status: "idle" }
  | { status: "searching" | "found" | "failed"; text: string; results: ChatSearchResult[] };

/**
 * The visitor's chats matching `text`, read from the server after a pause in typing; the last
 * search typed wins. While one is on its way, the previous results stay.
 */
export function useChatSearch(text: string): SearchState {
  const [settled, setSettled] = useState<Settled | null>(null);
  const wanted = text.trim();
  useEffect(() => {
    if (wanted === "") return;
    const aborted = new AbortController();
    const settle = (results: ChatSearchResult[], failed: boolean) => {
      if (!aborted.signal.aborted) setSettled({ text: wanted, results, failed });
    };
    const timer = setTimeout(() => {
      void fetch(`/api/chats/search?q=${encodeURIComponent(wanted)}`, { signal: aborted.signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(`search: ${response.status}`);
          return (await response.json()) as ChatSearchResponse;
        })
        .then(
          ({ results }) => settle(results, false),
          () => settle([], true),
        );
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      aborted.abort();
    };
  }, [wanted]);
  if (wanted === "") return { status: "idle" };
  if (settled?.text !== wanted)
    return { status: "searching", text: wanted, results: settled?.results ?? [] };
  return { status: settled.failed ? "failed" : "found", text: wanted, results: settled.results };
}
