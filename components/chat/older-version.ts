"use client";

import { createContext, useContext } from "react";

// Set around a reply's earlier version: its blocks and lists draw closed (decision 021).
export const OlderVersionContext = createContext(false);

export const OLDER_VERSION_NOTE =
  "An earlier version of this reply: only the newest version can be answered.";

export function useOlderVersion(): boolean {
  return useContext(OlderVersionContext);
}
