import "server-only";

// Load shaping only, so a burst of turns cannot starve requests of pool connections (503 busy);
// a waiting turn is unclaimed, so recovery finds it if the process dies. Postgres decides who runs.
export const MAX_RUNNING_TURNS = 16;

let running = 0;
const waiting: Array<() => void> = [];

export async function withTurnSlot<T>(task: () => Promise<T>): Promise<T> {
  const release = await takeTurnSlot();
  try {
    return await task();
  } finally {
    release();
  }
}

/** Call the returned function to give the slot back. */
export async function takeTurnSlot(): Promise<() => void> {
  if (running >= MAX_RUNNING_TURNS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    // Passed straight to the next waiter, so `running` never overshoots the limit.
    if (next) next();
    else running -= 1;
  };
}
