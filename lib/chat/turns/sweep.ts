import "server-only";
import { db, type Db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/http/errors";
import { sweepAllChats } from "./heal";

export type Swept = Awaited<ReturnType<typeof sweepAllChats>>;

// Long enough for a sweep's 25 turns. Past it the lock ends with its transaction; a second sweeper
// then only costs work, as each turn is re-checked under its chat's lock before it is ended.
const SWEEP_HOLD_MS = 120_000;

/** Runs the sweep unless another runs it (an advisory lock, tried, never waited for); null when it skipped. */
export async function sweepIfFree({ client = db(), sweep = sweepAllChats }: { client?: Db; sweep?: () => Promise<Swept> } = {}): Promise<Swept | null> {
  return client.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ held: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtextextended('answerable:sweep', 0)) AS "held"`;
      return lock?.held ? sweep() : null;
    },
    { timeout: SWEEP_HOLD_MS },
  );
}

export type SweepTimer = { stop: () => Promise<void> };

/**
 * Sweeps a long-lived instance (`next start`) where no cron calls, each run scheduled once the last
 * ended; a failed run is one log line. Unref'd: it never keeps a process alive.
 */
export function startSweepTimer({
  intervalMs,
  drive,
  sweep = () => sweepIfFree(),
}: {
  intervalMs: number;
  /** Runs the waiting turns of the chats a sweep handed back. */
  drive: (chatIds: string[]) => Promise<unknown>;
  sweep?: () => Promise<Swept | null>;
}): SweepTimer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const once = async () => {
    try {
      const swept = await sweep();
      if (swept && swept.drive.length > 0) await drive(swept.drive);
    } catch (error) {
      console.error(`Sweep failed: ${describeFailure(error)}; the next runs in ${intervalMs / 1_000} s`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = once().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function describeFailure(error: unknown): string {
  if (isDatabaseUnavailable(error)) return "the database is out of reach";
  return error instanceof Error ? (error.message.trim().split("\n").at(-1) ?? error.name) : String(error);
}
