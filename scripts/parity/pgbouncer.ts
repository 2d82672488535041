// PgBouncer in transaction-pooling mode in front of a Postgres server: the kind of pooled URL
// hosted Postgres (Neon, Supabase) hands out, for the production-parity test. Debian's
// `pgbouncer` package (.ci/run installs it); test tooling only, never imported by the app.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { findFreePort } from "../db/embedded";

const CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"];

/** The pgbouncer binary: PGBOUNCER_PATH, or where Debian and others install it. */
export function findPgbouncer(): string | undefined {
  const named = process.env.PGBOUNCER_PATH;
  if (named) return existsSync(named) ? named : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export type Pgbouncer = { url: string; stop: () => Promise<void> };

/**
 * Starts PgBouncer on a free port, forwarding every database of the server behind `serverUrl`
 * in transaction mode. Returns the URL of `serverUrl`'s database through the pooler.
 */
export async function startPgbouncer(binary: string, serverUrl: string): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const port = await findFreePort();
  // PgBouncer refuses to run as root: it runs as the database's own system user, which must be
  // able to read its configuration.
  const runAs = userInfo().uid === 0 ? systemUser("postgres") : undefined;
  const dir = await mkdtemp(join(tmpdir(), "answerable-pgbouncer-"));
  await chmod(dir, 0o755);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  await writeFile(join(dir, "userlist.txt"), `"${user}" "${password}"\n`, { mode: 0o644 });
  await writeFile(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432} user=${user} password=${password}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 500",
      "default_pool_size = 20",
      // Drivers send these at connect; PgBouncer would refuse the connection otherwise.
      "ignore_startup_parameters = extra_float_digits,options,statement_timeout",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );

  const child = spawn(binary, [join(dir, "pgbouncer.ini")], {
    ...runAs,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = () => (/listening on/i.test(log) ? resolve() : undefined);
    child.stderr.on("data", check);
    child.once("exit", (code) =>
      reject(new Error(`pgbouncer exited (${code}) before listening:\n${log.slice(-2000)}`)),
    );
  });

  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  return {
    url: url.toString(),
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGINT");
          await exited;
        }
        await rm(dir, { recursive: true, force: true });
      })()),
  };
}

function systemUser(name: string): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, name], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
