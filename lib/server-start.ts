import "server-only";
import { type SweepTimer, startSweepTimer } from "./chat/recovery/sweep";
import { appConfig } from "./config";
import { checkEnvAtStart, EnvError } from "./env";

/** One sentence per bad variable stops the process, instead of a 500 on every page. */
export function assertEnvAtStart(): void {
  try {
    checkEnvAtStart();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(
      `The server cannot start: fix these variables (.env.example describes each).\n${error.message}`,
    );
    process.exit(1);
  }
}

/**
 * Only where nothing else sweeps: a long-lived `next start`, not Vercel, not SWEEP_INTERVAL_SECONDS=0.
 * Handed-back chats get their turn through the signed hand-off (decision 010).
 */
export function startSelfHostedSweep(): SweepTimer | null {
  const intervalMs = appConfig().sweepIntervalMs;
  if (intervalMs === null) return null;
  return startSweepTimer({
    intervalMs,
    // Loaded when a sweep hands chats back, not at start-up: the turn runner pulls in the agent.
    startTurns: async (chatIds) =>
      (await import("./chat/turns/run")).startWaitingTurns(chatIds, "own invocations"),
  });
}
