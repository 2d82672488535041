import "server-only";
import { handOffNextTurn } from "./chat/turns/hand-off";
import { type SweepTimer, startSweepTimer } from "./chat/turns/sweep";
import { appConfig, ConfigError } from "./config";
import { linkRepository } from "./links/config";

/**
 * Reads the configuration as an instance starts. A mistake (a missing or short SESSION_SECRET)
 * stops the process with one sentence naming the variable, instead of a 500 on every page.
 */
export function assertConfigAtStart(): void {
  try {
    appConfig();
    linkRepository();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
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
