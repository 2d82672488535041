// What the production-parity test needs before `npm run vercel-build`: a fresh, empty database on
// the test server, PgBouncer in transaction mode in front of it, and two free ports for the two
// instances. Without pgbouncer the test is skipped with a sentence saying so, except in CI, where
// .ci/run installs it and its absence is a failure.
import { createScratchDatabase } from "../db/scratch-database";
import { findFreePort } from "../db/embedded";
import { findPgbouncer, startPgbouncer } from "./pgbouncer";

export type ParitySetup = {
  /** DATABASE_URL: the fresh database through PgBouncer in transaction mode. */
  pooled: string;
  /** DATABASE_URL_UNPOOLED: the same database, directly. */
  direct: string;
  ports: [number, number];
  stop: () => Promise<void>;
};

export async function setUpParity(
  serverUrl: string,
  { ci }: { ci: boolean },
): Promise<ParitySetup | { skip: string }> {
  const binary = findPgbouncer();
  if (!binary) {
    const advice = "install it with `apt-get install -y pgbouncer` (or set PGBOUNCER_PATH)";
    if (ci)
      throw new Error(
        `pgbouncer is not installed, so the production-parity test cannot run; .ci/run should ${advice}.`,
      );
    return {
      skip: `production-parity test skipped: pgbouncer is not installed; ${advice} to run it.`,
    };
  }
  const scratch = await createScratchDatabase(serverUrl);
  try {
    const bouncer = await startPgbouncer(binary, scratch.url);
    const first = await findFreePort();
    let second = await findFreePort();
    while (second === first) second = await findFreePort();
    return {
      pooled: bouncer.url,
      direct: scratch.url,
      ports: [first, second],
      // PgBouncer first: the drop ends what sessions remain, but a pooler would open new ones.
      stop: async () => {
        await bouncer.stop();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
