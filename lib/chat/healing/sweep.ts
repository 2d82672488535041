import "server-only";
import { isDatabaseUnavailable } from "@/lib/http/errors";
import { whileSweepLockFree } from "../store/healing";
import { sweepAllChats } from "./heal";

export type Swept = Awaited<ReturnType<typeof sweepAllChats>>;

/** Runs the sweep unless another runs it; null when it skipped. */
export async function sweepIfFree({ client, sweep = sweepAllChats }: { client?: Parameters<typeof whileSweepLockFree>[1]; sweep?: () => Promise<Swept> } = {}): Promise<Swept | null> {
  return whileSweepLockFree(sweep, client);
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
