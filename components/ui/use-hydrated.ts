import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's markup and during hydration, true once React owns the page. A control
 * drawn by the server has no handler until then, so it stays disabled: a click is never lost on
 * a button that looks ready but does nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
