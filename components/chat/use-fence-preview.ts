"use client";

import { useEffect, useMemo, useState } from "react";
import type { UiBlock } from "@/lib/intelligent-ui";

type Previews = typeof import("./fence-preview");
let loaded: Previews | undefined;
let loading: Promise<Previews> | undefined;

// Loaded on first use: only a page that watches a block stream in needs the compiler.
function loadPreviews(): Promise<Previews> {
  loading ??= import("./fence-preview").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * A streaming block's preview, compiled in the page from its fence as the fence grows (decision 025),
 * each compile resuming the last; null without a fence, or until the compiler has loaded.
 */
export function useFencePreview(blockId: string, fence: string | undefined): UiBlock | null {
  const [previews, setPreviews] = useState(() => loaded);
  const streaming = fence !== undefined;
  useEffect(() => {
    if (!streaming || previews) return;
    let current = true;
    loadPreviews().then(
      (module) => {
        if (current) setPreviews(module);
      },
      (error: unknown) =>
        console.error("Block previews could not load; the block draws when the reply ends", error),
    );
    return () => {
      current = false;
    };
  }, [streaming, previews]);
  const compiler = useMemo(() => previews?.fencePreview(blockId), [previews, blockId]);
  return useMemo(
    () => (fence === undefined || compiler === undefined ? null : compiler.compile(fence)),
    [compiler, fence],
  );
}
