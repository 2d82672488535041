import type { ReactNode } from "react";
import { MUTED } from "./props";
import type { Sending } from "./use-block-pick";

type BlockStatusProps = {
  answer: { label: string; at: string; queued: boolean } | null;
  pending: Pick<Sending, "label" | "sent"> | null;
  /** Said only when the block has Choices: why they are closed, or null. */
  closed: string | null;
  renderTime: (iso: string) => ReactNode;
};

/** What became of the block's pick: answered, being sent, or why choices are closed. */
export function BlockStatus({ answer, pending, closed, renderTime }: BlockStatusProps) {
  const status: ReactNode =
    answer !== null ? (
      <>
        {`Answered: ${answer.label} · `}
        {renderTime(answer.at)}
        {answer.queued && " · queued behind the running reply"}
      </>
    ) : pending !== null ? (
      pending.sent ? (
        `Sent “${pending.label}”.`
      ) : (
        `Sending “${pending.label}”…`
      )
    ) : (
      closed
    );
  // Always present, so screen readers announce what appears in it; empty, it takes no room.
  return (
    <p role="status" className={status === null ? "sr-only" : `text-sm ${MUTED}`}>
      {status}
    </p>
  );
}
