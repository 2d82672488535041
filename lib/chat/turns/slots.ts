import "server-only";

// Turns one process runs at once. A burst of new chats would otherwise start as many turns as
// there were requests, each writing several times a second, and starve the requests themselves of pool
// connections (503 busy). Turns past this wait here, unclaimed, for a slot: a waiting turn is not
// lost if the process dies, since healing finds it (only its start is delayed). Load shaping
// only; which turn runs, and that it runs once, is decided in Postgres.
export const MAX_RUNNING_TURNS = 16;

let running = 0;
const waiting: Array<() => void> = [];

/** Runs the task once a slot is free, and gives the slot back when it settles. */
export async function withTurnSlot<T>(task: () => Promise<T>): Promise<T> {
  const release = await takeTurnSlot();
  try {
    return await task();
  } finally {
    release();
  }
}

/** Waits for a free slot; call the function it returns to give the slot back. */
export async function takeTurnSlot(): Promise<() => void> {
  if (running >= MAX_RUNNING_TURNS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` never overshoots the limit.
    if (next) next();
    else running -= 1;
  };
}
