"use client";

import { useId, useState } from "react";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Edit on a message the person typed. Unavailable, it stays focusable (`aria-disabled`), is
 * described by its reason, and pressing it shows that reason.
 */
export function EditButton({
  reason,
  onEdit,
  buttonRef,
}: {
  reason: string | null;
  onEdit: () => void;
  buttonRef: React.Ref<HTMLButtonElement>;
}) {
  const hydrated = useHydrated();
  const [told, setTold] = useState(false);
  const reasonId = useId();
  return (
    <div className="flex max-w-[85%] flex-col items-end gap-1">
      <SecondaryButton
        ref={buttonRef}
        aria-disabled={reason !== null || undefined}
        aria-describedby={reason !== null ? reasonId : undefined}
        disabled={!hydrated}
        onClick={() => (reason === null ? onEdit() : setTold(true))}
        className="px-2 py-0.5 text-xs aria-disabled:cursor-not-allowed aria-disabled:border-dashed"
      >
        Edit
      </SecondaryButton>
      {reason !== null && (
        <p
          id={reasonId}
          aria-live="polite"
          className={told ? "text-right text-xs text-zinc-600 dark:text-zinc-400" : "sr-only"}
        >
          {reason}
        </p>
      )}
    </div>
  );
}
