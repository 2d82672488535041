"use client";

import { useState, type KeyboardEvent } from "react";

/**
 * A tooltip beside its anchor: shown while the pointer is over the area that holds both (so it can
 * be read and hovered) or the anchor has focus, put away by Escape. It is drawn only while shown;
 * screen readers hear the same words as the anchor's description (`aria-description`), so its
 * text never sits hidden in the page.
 */
export function useTooltip() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const shown = (hovered || focused) && !dismissed;
  return {
    shown,
    area: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => {
        setHovered(false);
        setDismissed(false);
      },
    },
    anchor: {
      onFocus: () => setFocused(true),
      onBlur: () => {
        setFocused(false);
        setDismissed(false);
      },
      // Escape puts a shown tooltip away and does nothing else (no sheet closes, no reply stops).
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== "Escape" || !shown) return;
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
      },
    },
  };
}
