// What the load reads besides answers: the server's CPU time from /proc, and PostgreSQL's own
// counters (scans of the event log, transactions, WAL), read before and after each run.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { withSession } from "@/scripts/db/session";
import type { Rows } from "../reliability/chats";
import type { Database } from "../reliability/server";
import { type Load, sleep } from "./context";

// Linux reports process times in clock ticks; 100 a second on every kernel this runs on.
const TICKS_PER_SECOND = 100;

function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which may itself hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU seconds (user and system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds PostgreSQL has used so far: the postmaster, its live children (backends come and go
 * with the app's pool), and the children it has already reaped.
 */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const own = statFields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc").filter((name) => /^[0-9]+$/.test(name))) {
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended while the list was read.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds every core of the machine has spent busy so far. */
function machineCpuSeconds(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - fields[3]! - fields[4]!) / TICKS_PER_SECOND;
}

/** The monotonic clock V8 stamps profile samples with, in microseconds (process.hrtime's clock). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1_000n);

/** CPU seconds this load process (the clients) has used so far. */
export function clientCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

type CpuReading = {
  server: number;
  postgres: number;
  clients: number;
  machine: number;
  at: number;
};

/** Where the machine's CPU went between two moments: the server, PostgreSQL, the load's clients, and everything else. */
export class CpuMeter {
  private readonly start: CpuReading;

  constructor(
    private readonly serverPid: number,
    private readonly dataDir: string,
  ) {
    this.start = this.read();
  }

  private read(): CpuReading {
    return {
      server: cpuSeconds(this.serverPid),
      postgres: postgresCpuSeconds(this.dataDir),
      clients: clientCpuSeconds(),
      machine: machineCpuSeconds(),
      at: Date.now(),
    };
  }

  /** CPU seconds the server, PostgreSQL, the load's clients and everything else used since the meter started, and the wall seconds. */
  usage(): CpuUsage {
    const end = this.read();
    const used = (key: keyof CpuReading) => end[key] - this.start[key];
    const other = Math.max(
      0,
      used("machine") - used("server") - used("postgres") - used("clients"),
    );
    return {
      server: used("server"),
      postgres: used("postgres"),
      clients: used("clients"),
      other,
      wall: used("at") / 1_000,
    };
  }

  /** `server 96 %, PostgreSQL 41 %, load clients 9 %, other processes 30 % of a core (2 cores)`. */
  describe(seconds?: number): string {
    return describeCpu(this.usage(), seconds);
  }
}

export type CpuUsage = {
  server: number;
  postgres: number;
  clients: number;
  other: number;
  wall: number;
};

export function describeCpu(usage: CpuUsage, seconds = usage.wall): string {
  const percent = (value: number) => `${Math.round((100 * value) / seconds)} %`;
  return `CPU: server ${percent(usage.server)}, PostgreSQL ${percent(usage.postgres)}, load clients ${percent(usage.clients)}, other processes ${percent(usage.other)} of a core (${cpus().length} cores)`;
}

// Marks the load's own statements, which statement statistics leave out (inside the statement:
// pg_stat_statements drops a leading comment).
const OWN = "/* load */";

/**
 * Loads pg_stat_statements (a restart of the cluster) where the PostgreSQL build ships it, so a
 * figure can say how many statements a request costs. Returns whether it did.
 */
export async function enableStatementStats(database: Database): Promise<boolean> {
  const loaded = await withSession(database.url, async (sql) => {
    const available = await sql.unsafe(
      `SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements'`,
    );
    if (available.count === 0) return false;
    await sql.unsafe(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    return true;
  });
  if (!loaded) return false;
  await database.down();
  await database.up();
  await withSession(database.url, (sql) =>
    sql.unsafe(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`),
  );
  return true;
}

/** Starts the statement statistics afresh; false where they are not loaded. */
export async function resetStatements(load: Load): Promise<boolean> {
  if (!load.statementStats) return false;
  await load.rows.all(`SELECT ${OWN} pg_stat_statements_reset()`);
  return true;
}

type StatementRow = { query: string; calls: number; time: number };

/** The app's statements since the last reset, most run first; empty where statistics are not loaded. */
async function statementRows(load: Load): Promise<StatementRow[]> {
  if (!load.statementStats) return [];
  // pg_stat_statements counts each statement as it finishes: nothing to wait for.
  return load.rows.all<StatementRow>(
    `SELECT ${OWN} left(regexp_replace("query", '\\s+', ' ', 'g'), 60) AS "query", "calls"::int AS "calls", "total_exec_time"::float8 AS "time"
     FROM pg_stat_statements WHERE "dbid" = (SELECT "oid" FROM pg_database WHERE "datname" = current_database())
       AND "query" NOT LIKE '%${OWN}%' AND "query" NOT LIKE '%LoadProbe%' ORDER BY "calls" DESC`,
  );
}

/** Statements the app sent since the last reset, BEGIN and COMMIT included; null where statistics are not loaded. */
export async function statementCount(load: Load): Promise<number | null> {
  if (!load.statementStats) return null;
  return (await statementRows(load)).reduce((sum, row) => sum + row.calls, 0);
}

/** `41.2 statements a selection (BEGIN and COMMIT included), 3.1 ms of execution; most run: …`. */
export async function describeStatements(load: Load, count: number, unit: string): Promise<string> {
  const rows = await statementRows(load);
  const [calls, time] = [
    rows.reduce((sum, row) => sum + row.calls, 0),
    rows.reduce((sum, row) => sum + row.time, 0),
  ];
  const most = rows
    .slice(0, 6)
    .map((row) => `${(row.calls / count).toFixed(1)} × ${row.query}`)
    .join("; ");
  return `${(calls / count).toFixed(1)} statements ${unit} (BEGIN and COMMIT included), ${(time / count).toFixed(1)} ms of execution; most run: ${most}`;
}

// A backend reports its table counters as it goes idle, but at most once a second; one that goes
// idle sooner reports PGSTAT_IDLE_INTERVAL (10 s) later. Only a wait past that sees every count.
const STATS_FLUSHED_MS = 10_500;

export type EventLogCounters = { reads: number; inserted: number; deleted: number };

/** The event log's counters once every backend has reported: scans (each read of it is one), rows inserted and deleted. */
export async function eventLogCounters(rows: Rows): Promise<EventLogCounters> {
  await sleep(STATS_FLUSHED_MS);
  const [row] = await rows.all<EventLogCounters>(
    `SELECT (coalesce("idx_scan", 0) + coalesce("seq_scan", 0))::int AS "reads", "n_tup_ins"::int AS "inserted", "n_tup_del"::int AS "deleted"
     FROM "pg_stat_user_tables" WHERE "relname" = 'ChatEvent'`,
  );
  return row!;
}

/**
 * Autovacuum off, or back on (`ALTER SYSTEM` and a reload; the load's cluster is its own), so that
 * a turn's WAL is its own: an analyze that lands in it writes more catalog pages than the turn does.
 */
export async function setAutovacuum(rows: Rows, on: boolean): Promise<void> {
  await rows.all(`ALTER SYSTEM SET autovacuum = ${on ? "on" : "off"}`);
  await rows.all("SELECT pg_reload_conf()");
}

/**
 * Keeps past WAL through the checkpoints of a measurement that reads it back (`describeWal`), or lets
 * it go again: a checkpoint otherwise recycles the segments a whole cycle's WAL began in.
 */
export async function keepWal(rows: Rows, keep: boolean): Promise<void> {
  await rows.all(
    keep ? `ALTER SYSTEM SET wal_keep_size = '1GB'` : "ALTER SYSTEM RESET wal_keep_size",
  );
  await rows.all("SELECT pg_reload_conf()");
}

export async function walPosition(rows: Rows): Promise<string> {
  const [row] = await rows.all<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS "lsn"`);
  return row!.lsn;
}

export async function walBytesSince(rows: Rows, lsn: string): Promise<number> {
  return rows.count(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint AS "count"`, [
    lsn,
  ]);
}

/**
 * Where the WAL between two positions went, by the table each block belongs to (an index or TOAST
 * table under its own name), full-page images apart, through pg_walinspect where the PostgreSQL
 * build ships it: `ChatEvent 52 % (of which full pages 10 %), …`. What no table owns (commit
 * records, record headers) is the rest. Null where pg_walinspect is not there.
 */
export async function describeWal(rows: Rows, from: string, to: string): Promise<string | null> {
  const [available] = await rows.all<{ name: string }>(
    `SELECT "name" FROM pg_available_extensions WHERE "name" = 'pg_walinspect'`,
  );
  if (!available) return null;
  await rows.all(`CREATE EXTENSION IF NOT EXISTS pg_walinspect`);
  const total = await rows.count(
    `SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::bigint AS "count"`,
    [from, to],
  );
  const tables = await rows.all<{ name: string; bytes: number; fpi: number }>(
    `SELECT coalesce(toasted."relname" || ' TOAST', pg_filenode_relation(b."reltablespace", b."relfilenode")::text, 'a dropped table') AS "name",
       sum(b."block_data_length" + b."block_fpi_length")::int AS "bytes", sum(b."block_fpi_length")::int AS "fpi"
     FROM pg_get_wal_block_info($1::pg_lsn, $2::pg_lsn) b
     LEFT JOIN pg_class toasted ON toasted."reltoastrelid" = pg_filenode_relation(b."reltablespace", b."relfilenode")
     WHERE b."reldatabase" = (SELECT "oid" FROM pg_database WHERE "datname" = current_database())
     GROUP BY 1 ORDER BY 2 DESC`,
    [from, to],
  );
  const share = (bytes: number) => `${Math.round((100 * bytes) / Math.max(1, total))} %`;
  const named = tables
    .slice(0, 6)
    .map(
      (table) =>
        `${table.name} ${share(table.bytes)}${table.fpi > 0 ? ` (full pages ${share(table.fpi)})` : ""}`,
    );
  const rest = total - tables.reduce((sum, table) => sum + table.bytes, 0);
  return `${[...named, `${tables.length > 6 ? "other tables and " : ""}record headers, commits ${share(rest)}`].join(", ")}`;
}

/** Chats of the list still holding a running turn or an unsent queued message. */
export async function busyChats(rows: Rows, chatIds: readonly string[]): Promise<number> {
  return rows.count(
    `SELECT ${OWN} count(*)::int AS "count" FROM "Chat" c WHERE c."id" = ANY($1::uuid[])
      AND (c."activeTurnId" IS NOT NULL OR EXISTS (SELECT 1 FROM "QueuedMessage" q WHERE q."chatId" = c."id" AND q."dispatchedAt" IS NULL))`,
    [chatIds],
  );
}

/**
 * Waits until no chat of the list runs or waits for a turn, reading only the database: a read
 * through the app would recover and drive the chats it is meant to watch. Returns the chats still busy.
 */
export async function settle(
  rows: Rows,
  chatIds: readonly string[],
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const busy = await busyChats(rows, chatIds);
    if (busy === 0 || Date.now() > until) return busy;
    await sleep(everyMs);
  }
}

/** When the last turn of the list that started after `since` ended, in epoch milliseconds. */
export async function lastTurnEnded(
  rows: Rows,
  chatIds: readonly string[],
  since: number,
): Promise<number> {
  // Prisma stores UTC in `timestamp` columns; extract(epoch) reads them as UTC.
  const [row] = await rows.all<{ ended: number | null }>(
    `SELECT ${OWN} (extract(epoch FROM max("endedAt")) * 1000)::float8 AS "ended" FROM "Turn" WHERE "chatId" = ANY($1::uuid[]) AND "startedAt" >= to_timestamp($2 / 1000.0) AT TIME ZONE 'UTC'`,
    [chatIds, since],
  );
  return row?.ended ?? Number.NaN;
}

/** Turns of the list that started after `since` and finished. */
export function finishedTurns(
  rows: Rows,
  chatIds: readonly string[],
  since: number,
): Promise<number> {
  return rows.count(
    `SELECT ${OWN} count(*)::int AS "count" FROM "Turn" WHERE "chatId" = ANY($1::uuid[]) AND "status" = 'finished' AND "startedAt" >= to_timestamp($2 / 1000.0) AT TIME ZONE 'UTC'`,
    [chatIds, since],
  );
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
