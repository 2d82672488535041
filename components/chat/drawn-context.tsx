"use client";

import { createContext, use, useMemo, type ReactNode } from "react";

/**
 * What the server drew of a page's finished messages, by source text: each message's Markdown
 * (components/chat/markdown-text.tsx) and the inline Markdown of its blocks' text runs, as drawn
 * in a block and inside a label (components/blocks/inline-markdown-text.tsx). A first visit loads no
 * Markdown parser for any of it; text the page was not given drawn (a reply that streams, one that
 * arrives later, an edit, a value a block computes) loads the parser when it is first needed.
 */
export type Drawn = {
  text: readonly (readonly [string, ReactNode])[];
  inline: readonly (readonly [string, ReactNode])[];
  inlineLabel: readonly (readonly [string, ReactNode])[];
};

type DrawnMaps = { [key in keyof Drawn]: ReadonlyMap<string, ReactNode> };

const DrawnContext = createContext<DrawnMaps>({
  text: new Map(),
  inline: new Map(),
  inlineLabel: new Map(),
});

/** The drawn text of a page, as its server component hands it over. */
export function DrawnText({ drawn, children }: { drawn: Drawn; children: ReactNode }) {
  const maps = useMemo(
    () => ({
      text: new Map(drawn.text),
      inline: new Map(drawn.inline),
      inlineLabel: new Map(drawn.inlineLabel),
    }),
    [drawn],
  );
  return <DrawnContext value={maps}>{children}</DrawnContext>;
}

/** The drawn elements of `source` of that kind, if the server drew it. */
export function useDrawn(kind: keyof Drawn, source: string): ReactNode | undefined {
  return use(DrawnContext)[kind].get(source);
}
