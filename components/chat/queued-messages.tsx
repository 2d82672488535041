import type { QueuedView } from "@/lib/chat/wire";

/** Messages sent while a reply runs, waiting their turn. */
export function QueuedMessages({ queued }: { queued: QueuedView[] }) {
  if (queued.length === 0) return null;
  return (
    <ol aria-label="Queued messages" className="space-y-1">
      {queued.map((entry) => (
        <li
          key={entry.id}
          className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
        >
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
            Queued
          </span>
          <span className="truncate">{entry.text}</span>
        </li>
      ))}
    </ol>
  );
}
