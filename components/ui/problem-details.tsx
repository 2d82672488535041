/** One problem as whoever builds the agent reads it: its stable code and the checker's message. */
export type Problem = { code: string; message: string };

/**
 * The codes behind a note a person reads, folded under "Details": people read the sentences
 * around it, whoever builds the agent opens this.
 */
export function ProblemDetails({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer">Details</summary>
      <ul className="mt-1 space-y-0.5">
        {problems.map(({ code, message }) => (
          <li key={code} className="break-words">
            <code className="font-mono">{code}</code>: {message}
          </li>
        ))}
      </ul>
    </details>
  );
}
