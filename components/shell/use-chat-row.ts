"use client";

import { useRouter } from "next/navigation";
import { useEffect, useReducer, useRef } from "react";
import { refusalSentence } from "@/components/ui/refusals";
import { sendJson } from "@/lib/chat/wire/client-api";
import type { ChatListEntry } from "@/lib/chat/wire";
import { useChatList } from "./chat-list-context";
import { initialRow, reduceRow, type RowMode } from "./chat-row-state";

/**
 * When a form closes, focus goes back to the row's link, not to the page: the action buttons are
 * hidden on a wide screen until the row has focus, so they cannot take it first.
 */
function useFocusOnReturn(mode: RowMode) {
  const returning = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (mode !== "view" || !returning.current) return;
    returning.current = false;
    link.current?.focus();
  }, [mode]);
  return {
    link,
    leaving() {
      returning.current = true;
    },
  };
}

/** A row's state and its two actions, each sent to the server and told to the other tabs. */
export function useChatRow(chat: ChatListEntry, current: boolean) {
  const router = useRouter();
  const { announce, apply } = useChatList();
  const [state, dispatch] = useReducer(reduceRow, chat.title, initialRow);
  const { link, leaving } = useFocusOnReturn(state.mode);

  async function run(action: () => Promise<void>, doing: string) {
    dispatch({ type: "sending" });
    try {
      await action();
      dispatch({ type: "done" });
    } catch (caught) {
      dispatch({
        type: "failed",
        error: refusalSentence(caught, `The chat could not be ${doing}`),
      });
    }
  }

  return {
    state,
    link,
    openRename() {
      leaving();
      dispatch({ type: "open-rename", title: chat.title });
    },
    openDelete() {
      leaving();
      dispatch({ type: "open-delete" });
    },
    edit: (title: string) => dispatch({ type: "edit", title }),
    cancel: () => dispatch({ type: "cancel" }),
    // The list shows the new title at once; a refusal puts the old one back, says why, and opens
    // the form again on the new one.
    async rename() {
      const [before, title] = [chat.title, state.title.trim()];
      dispatch({ type: "saved" });
      apply({ type: "renamed", chatId: chat.id, title });
      try {
        await sendJson("PATCH", `/api/chats/${chat.id}`, { title });
        announce({ type: "renamed", chatId: chat.id, title });
        dispatch({ type: "done" });
      } catch (caught) {
        apply({ type: "renamed", chatId: chat.id, title: before });
        dispatch({
          type: "rename-refused",
          error: `The chat was not renamed. ${refusalSentence(caught, "It could not be sent")}`,
        });
      }
    },
    remove: () =>
      run(async () => {
        await sendJson("DELETE", `/api/chats/${chat.id}`);
        announce({ type: "deleted", chatId: chat.id });
        if (current) router.push("/");
      }, "deleted"),
  };
}
