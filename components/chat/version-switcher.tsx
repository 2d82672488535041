"use client";

/** Steps between the versions of a reply; drawn, and loaded, only for a reply written again. */
export default function VersionSwitcher({
  shown,
  total,
  onShow,
}: {
  shown: number;
  total: number;
  onShow: (version: number) => void;
}) {
  const step =
    "rounded-md px-2 py-0.5 text-base leading-none text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800";
  return (
    <div
      role="group"
      aria-label="Reply versions"
      className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <button
        type="button"
        aria-label="Previous version"
        disabled={shown <= 1}
        onClick={() => onShow(shown - 1)}
        className={step}
      >
        ‹
      </button>
      <span aria-live="polite">
        Version {shown} of {total}
      </span>
      <button
        type="button"
        aria-label="Next version"
        disabled={shown >= total}
        onClick={() => onShow(shown + 1)}
        className={step}
      >
        ›
      </button>
    </div>
  );
}
