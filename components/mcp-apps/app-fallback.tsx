import type { McpAppPart } from "@/lib/chat/wire";

/**
 * An MCP App's text, for a reader that cannot run its view (and while the view loads, or when it
 * fails): the tool's name and the result's text, in a bordered box.
 */
export function McpAppFallback({ part, note }: { part: McpAppPart; note?: string }) {
  return (
    <section
      aria-label={`${part.toolName} (app)`}
      className="rounded-md border border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700"
    >
      <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{part.toolName}</p>
      <p className="whitespace-pre-wrap">{part.fallback}</p>
      {note ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{note}</p> : null}
    </section>
  );
}
