import "server-only";
import { db, type Db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/http/errors";
import { sweepAllChats } from "./heal";

export type Swept = Awaited<ReturnType<typeof sweepAllChats>>;

// Long enough for a sweep's 25 turns. Past it the lock ends with its transaction; a second sweeper
// then only costs work, as each turn is re-checked under its chat's lock before it is ended.
const SWEEP_HOLD_MS = 120_000;

/**
 * Runs the sweep unless another instance or caller is running it: a transaction-scoped advisory
 * lock, tried and never waited for, so two sweepers sharing a database never run at once.
 * Returns null when it skipped.
 */
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
 * Sweeps every `intervalMs` on a long-lived instance (`next start`), where no cron calls the
 * route, so a turn whose process died ends with nobody reading its chat. Each sweep is scheduled
 * once the last one ended, so they never overlap; one that fails (the database out of reach) is
 * one log line, and the next interval tries again. The timer is unref'd: it never keeps a
 * process alive.
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
