"use client";

import { createContext, useContext } from "react";

/** What parts deep in a chat may ask of the chat page itself. */
export type ChatActions = {
  /** Reads the whole chat again; reading settles confirmations whose time ran out. */
  resync(): Promise<void>;
};

export const ChatActionsContext = createContext<ChatActions>({ resync: async () => undefined });

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}
