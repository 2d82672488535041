"use client";

import { useRef } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CopyButton } from "@/components/ui/copy-button";

/** A fenced code block, with a button that copies exactly its text. */
function CodeBlock({ children }: { children?: React.ReactNode }) {
  const pre = useRef<HTMLPreElement>(null);
  return (
    <div className="group relative">
      <pre ref={pre} className="pr-20">
        {children}
      </pre>
      {/* The newline that ends every fenced block is not part of the code. */}
      <CopyButton text={() => (pre.current?.textContent ?? "").replace(/\n$/, "")} label="Copy code" className="absolute right-1.5 top-1.5 bg-white/80 dark:bg-zinc-900/80" />
    </div>
  );
}

// Raw HTML in a reply is never drawn (react-markdown escapes it); links leave the app safely.
// Images an agent names are links, never loaded: loading one would send data to its host.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ src, alt }) => (
    <a href={typeof src === "string" ? src : undefined} target="_blank" rel="noopener noreferrer nofollow">
      {alt || "image"}
    </a>
  ),
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
};

/**
 * Markdown prose. `own` is a person's message on the accent colour: its links, code and line
 * breaks are drawn for that background (globals.css, `.prose-own`).
 */
export function Markdown({ text, tone = "reply" }: { text: string; tone?: "reply" | "own" }) {
  return (
    <div className={`prose-chat break-words ${tone === "own" ? "prose-own" : ""}`}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
