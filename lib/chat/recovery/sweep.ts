import "server-only";
import { isDatabaseUnavailable } from "@/lib/http/errors";
import { whileSweepLockFree } from "../store/requests";
import { sweepAllChats } from "./recover";

export type Swept = Awaited<ReturnType<typeof sweepAllChats>>;

/** Null when another instance holds the sweep. */
export async function sweepIfFree({
  client,
  sweep = sweepAllChats,
}: {
  client?: Parameters<typeof whileSweepLockFree>[1];
  sweep?: () => Promise<Swept>;
} = {}): Promise<Swept | null> {
  return whileSweepLockFree(sweep, client);
}

export type SweepTimer = { stop: () => Promise<void> };

/** For `next start`, where no cron calls: each run scheduled when the last ended; unref'd. */
export function startSweepTimer({
  intervalMs,
  startTurns,
  sweep = () => sweepIfFree(),
}: {
  intervalMs: number;
  startTurns: (chatIds: string[]) => Promise<unknown>;
  sweep?: () => Promise<Swept | null>;
}): SweepTimer {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const once = async () => {
    try {
      const swept = await sweep();
      if (swept && swept.waiting.length > 0) await startTurns(swept.waiting);
    } catch (error) {
      console.error(
        `Sweep failed: ${describeFailure(error)}; the next runs in ${intervalMs / 1_000} s`,
      );
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
  return error instanceof Error
    ? (error.message.trim().split("\n").at(-1) ?? error.name)
    : String(error);
}
