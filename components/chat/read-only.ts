"use client";

import { createContext, useContext } from "react";

/**
 * True on a share link's page: every part is drawn closed and no control that asks the server for
 * anything is drawn (the viewer's routes could not serve one anyway, decision 023).
 */
export const ReadOnlyContext = createContext(false);

export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

/** Why a part on a shared page cannot be answered. */
export const READ_ONLY_REASON = "A shared copy, to read: only the chat's owner can answer it.";
