import "server-only";
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
