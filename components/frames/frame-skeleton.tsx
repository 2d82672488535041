/** Where a frame is still streaming in: the shape of a list, until the list itself arrives. */
export function FrameSkeleton() {
  return (
    <div
      role="status"
      aria-label="A list is arriving"
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="h-4 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-9 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-900" />
      <div className="h-9 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-900" />
    </div>
  );
}
