"use client";

import { memo, useEffect, useState } from "react";
import { splitBlocks } from "./markdown-blocks";
import { MarkdownText } from "./markdown-text";

type Closer = (text: string) => string;
let closeUnfinished: Closer | undefined;

/**
 * What closes unfinished emphasis, code and links in a streaming block (remend). Only a reply
 * being written needs it, so its code loads then; until it has, the tail is drawn as it stands.
 */
function useCloser(streaming: boolean): Closer | undefined {
  const [closer, setCloser] = useState(() => closeUnfinished);
  useEffect(() => {
    if (!streaming || closer) return;
    let mounted = true;
    import("remend").then(
      (module) => {
        closeUnfinished = module.default;
        if (mounted) setCloser(() => module.default);
      },
      (error: unknown) => console.warn("Unfinished Markdown is drawn as it stands:", error),
    );
    return () => {
      mounted = false;
    };
  }, [streaming, closer]);
  return streaming ? closer : undefined;
}

/** One top-level block, parsed and drawn again only when its own source changes. */
const Block = memo(MarkdownText);

/**
 * Markdown the browser parses itself: text it saw stream, or that arrived after the page was drawn.
 * Text first drawn while its reply streams is cut into blocks, and as it grows only the last is
 * parsed again (decision 026); text first drawn whole is parsed once, whole, as cutting would parse
 * it twice.
 */
export default function LiveMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const [cut] = useState(streaming);
  return cut ? <StreamedBlocks text={text} streaming={streaming} /> : <Block source={text} />;
}

/** While `streaming`, the last block's unfinished emphasis, code or link is closed. */
function StreamedBlocks({ text, streaming }: { text: string; streaming: boolean }) {
  // The blocks of the text drawn last, kept so that a longer text is cut from its tail only.
  const [blocks, setBlocks] = useState(() => splitBlocks(text));
  const current = blocks.text === text ? blocks : splitBlocks(text, blocks);
  if (current !== blocks) setBlocks(current);
  const close = useCloser(streaming);
  // One list, so the tail keeps its elements when it is finished and a new tail begins.
  return [...current.done, close ? close(current.tail) : current.tail].map((source, index) => (
    <Block key={index} source={source} />
  ));
}
