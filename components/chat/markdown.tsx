"use client";

import { memo, useEffect, useRef, useState } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CopyButton } from "@/components/ui/copy-button";
import { splitBlocks } from "./markdown-blocks";

/** A fenced code block, with a button that copies exactly its text. */
function CodeBlock({ children }: { children?: React.ReactNode }) {
  const pre = useRef<HTMLPreElement>(null);
  return (
    <div className="group relative">
      <pre ref={pre} className="pr-20">
        {children}
      </pre>
      {/* The newline that ends every fenced block is not part of the code. */}
      <CopyButton
        text={() => (pre.current?.textContent ?? "").replace(/\n$/, "")}
        label="Copy code"
        className="absolute right-1.5 top-1.5 bg-white/80 dark:bg-zinc-900/80"
      />
    </div>
  );
}

// Raw HTML in a reply is never drawn (react-markdown escapes it); links leave the app safely.
// Images an agent names are links, never loaded: loading one would send data to its host.
const components: Components = {
  // A link still being streamed has no address yet (remend closes it with one that is dropped).
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => (
    <a
      href={typeof src === "string" ? src : undefined}
      target="_blank"
      rel="noopener noreferrer nofollow"
    >
      {alt || "image"}
    </a>
  ),
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
};

const PLUGINS = [remarkGfm];

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
const Block = memo(function Block({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={PLUGINS} components={components}>
      {source}
    </ReactMarkdown>
  );
});

/**
 * Markdown prose. `own` is a person's message on the accent colour: its links, code and line
 * breaks are drawn for that background (globals.css, `.prose-own`). Text first drawn while its reply
 * streams is cut into blocks, and as it grows only the last is parsed again (decision 026); text
 * first drawn whole (a finished message, a reload) is parsed once, whole, as cutting would parse it twice.
 */
export function Markdown({
  text,
  tone = "reply",
  streaming = false,
}: {
  text: string;
  tone?: "reply" | "own";
  streaming?: boolean;
}) {
  const [cut] = useState(streaming);
  return (
    <div className={`prose-chat break-words ${tone === "own" ? "prose-own" : ""}`}>
      {cut ? <StreamedBlocks text={text} streaming={streaming} /> : <Block source={text} />}
    </div>
  );
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
