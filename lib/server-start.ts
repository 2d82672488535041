import "server-only";
import { handOffNextTurn } from "./chat/turns/hand-off";
import { type SweepTimer, startSweepTimer } from "./chat/healing/sweep";
import { appConfig } from "./config";
import { env, EnvError } from "./env";

/**
 * Parses the whole environment as an instance starts: a missing or malformed variable stops the
 * process with one sentence for each, instead of a 500 on every page.
 */
export function assertEnvAtStart(): void {
  try {
    env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`The server cannot start: fix these variables (.env.example describes each).\n${error.message}`);
    process.exit(1);
  }
}

/**
 * Starts this instance's sweep timer where nothing else sweeps: a long-lived `next start`, not
 * Vercel (whose cron calls the route) and not with SWEEP_INTERVAL_SECONDS=0. The chats a sweep
 * hands back each get their turn through the signed request a turn's end uses (decision 010).
 */
export function startSelfHostedSweep(): SweepTimer | null {
  const intervalMs = appConfig().sweepIntervalMs;
  if (intervalMs === null) return null;
  return startSweepTimer({ intervalMs, drive: (chatIds) => Promise.all(chatIds.map((chatId) => handOffNextTurn(chatId))) });
}
