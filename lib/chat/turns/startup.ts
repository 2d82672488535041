import "server-only";
import { appConfig } from "@/lib/config";
import { recoverStaleTurns } from "./recover";
import { driveChat } from "./run";

// Turns recovered per pass at start-up; any beyond heal when their chat is next touched or swept.
const STARTUP_LIMIT = 100;

async function recoverAndDrive(): Promise<void> {
  const chats = await recoverStaleTurns({ limit: STARTUP_LIMIT });
  await Promise.all(chats.map((chatId) => driveChat(chatId)));
}

/**
 * A turn cut off by the previous process still holds a lease for up to one lease period, so the
 * sweep runs now and once more when any such lease has lapsed.
 */
export async function recoverAtStartup(): Promise<void> {
  try {
    await recoverAndDrive();
    setTimeout(() => void recoverAndDrive().catch((error) => console.error("Turn recovery failed", error)), appConfig().turnLeaseMs + 250).unref();
  } catch (error) {
    console.error("Turn recovery failed", error);
  }
}
