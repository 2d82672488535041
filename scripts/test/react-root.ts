import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

/**
 * A React root in a fresh container for every test of the file or `describe` that calls it,
 * unmounted and removed after each. Tests render through `render` and query `container()`.
 */
export function mountedRoot(): { render: (node: ReactNode) => void; container: () => HTMLElement } {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
  return { render: (node) => root.render(node), container: () => container };
}
