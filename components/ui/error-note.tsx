/** A failure the person should read now: announced by screen readers as it appears. */
export function ErrorNote({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}
