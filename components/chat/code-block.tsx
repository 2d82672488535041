"use client";

import { useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** A fenced code block, with a button that copies exactly its text. */
export function CodeBlock({ children }: { children?: React.ReactNode }) {
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
