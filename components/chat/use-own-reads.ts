"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ReadingView } from "@/lib/chat/wire";
import type { UiReading } from "@/lib/chat/wire/responses";
import type { UiValue } from "@/lib/intelligent-ui";
import { markRefused, type OwnReads, pacedFor, settleRead } from "./live-queries";

/** Reads the server paced, waiting to ask again; cleared when the block leaves the page. */
function usePacedRetries() {
  const retries = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = retries.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  return retries;
}

type Block = {
  chatId: string;
  itemId: string;
  revision: number;
  blockId: string;
  inputs: Record<string, UiValue>;
};

/** The reads this page makes of a live block's queries, each with the inputs as they are when it is sent. */
export function useOwnReads({ chatId, itemId, revision, blockId, inputs }: Block) {
  const [ownReads, setOwnReads] = useState<OwnReads>({});
  const latestInputs = useRef(inputs);
  useLayoutEffect(() => {
    latestInputs.current = inputs;
  }, [inputs]);
  const retries = usePacedRetries();

  const read = useCallback(
    async function readQuery(name: string) {
      clearTimeout(retries.current.get(name));
      retries.current.delete(name);
      setOwnReads((current) => ({ ...current, [name]: { ...current[name], inFlight: true } }));
      let reading: ReadingView | null = null;
      try {
        const body = { itemId, blockId, revision, query: name, values: latestInputs.current };
        ({ reading } = await postJson<UiReading>(`/api/chats/${chatId}/ui-queries`, body));
      } catch (error) {
        // Paced: the read stays in flight and asks again when the server says it may.
        const wait = pacedFor(error);
        if (wait !== null) {
          retries.current.set(
            name,
            setTimeout(() => void readQuery(name), wait),
          );
          return;
        }
        // Any other refusal (busy, a stale block) leaves the last good reading on screen; the next refresh tries again.
      }
      setOwnReads((current) => ({ ...current, [name]: settleRead(current[name], reading) }));
    },
    [chatId, itemId, revision, blockId, retries],
  );
  const refuse = useCallback(
    (names: readonly string[], reads: Record<string, string>) =>
      setOwnReads((current) => markRefused(current, names, reads)),
    [],
  );
  return { ownReads, read, refuse };
}
