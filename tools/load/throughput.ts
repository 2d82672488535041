// Throughput: 32 and then 128 clients, each a visitor answering its own fresh frames (or blocks, or
// sending messages to its own chats) as fast as answers come back; a run ends when the last turn
// its requests started has ended. Each rate is a share of `GET /api/health` at as many clients.
import { percentile, Tally } from "../reliability/http";
import type { Server } from "../reliability/server";
import { type Load, ms, type Scenario, share, tail, times } from "./context";
import { type ClientCost, measureClientCost } from "./client-cost";
import {
  CpuMeter,
  type CpuUsage,
  describeCpu,
  finishedTurns,
  lastTurnEnded,
  resetStatements,
  settle,
  statementCount,
} from "./measure";
import { type Kind, prepareTargets, type Target } from "./targets";

const CLIENT_COUNTS = [32, 128];
const KINDS: Array<{ kind: Kind; label: string; aim?: number }> = [
  { kind: "selections", label: "Selections/s (POST selections), distinct frames", aim: 0.33 },
  { kind: "ui-choices", label: "`chat.uiChoice`/s (POST ui-choices), distinct blocks" },
  { kind: "messages", label: "Messages/s (POST messages), distinct chats" },
];
// How long a run's turns may take to end after its last answer before their chats count as stranded.
const SETTLE_MS = 45_000;

export type RunResult = {
  rate: number;
  tally: Tally;
  status500: number;
  retryAfter503: number;
  stranded: number;
  chats: number;
  cpu: CpuUsage;
  line: string;
};

type HealthResult = { rate: number; ok: number; cpu: CpuUsage; line: string };

async function healthRate(load: Load, server: Server, clients: number): Promise<HealthResult> {
  const base = server.base;
  for (let index = 0; index < 50; index++) await (await fetch(`${base}/api/health`)).arrayBuffer();
  const [meter, started] = [new CpuMeter(server.pid, load.database.dataDir), Date.now()];
  const until = started + load.sizes["health-seconds"] * 1_000;
  let ok = 0;
  let other = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (response.ok) ok += 1;
        else other += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1_000;
  const cpu = meter.usage();
  return {
    rate: ok / elapsed,
    ok,
    cpu,
    line: `health, ${clients} clients: ${ok} × 200, ${other} other in ${elapsed.toFixed(1)} s; ${describeCpu(cpu, elapsed)}`,
  };
}

/** One run: every client sends its requests one after another; returns the rate and what came back. */
export async function throughputRun(
  load: Load,
  server: Server,
  targets: Target[][],
  label: string,
): Promise<RunResult> {
  const rows = load.rows;
  const chatIds = targets.flat().map((target) => target.chatId);
  await settle(rows, chatIds, 30_000);
  const tally = new Tally();
  const latencies: number[] = [];
  let [status500, retryAfter503] = [0, 0];
  const [meter, started] = [new CpuMeter(server.pid, load.database.dataDir), Date.now()];
  await Promise.all(
    targets.map(async (list) => {
      for (const target of list) {
        const sent = performance.now();
        const answer = await target.visitor.post(target.path, target.body);
        latencies.push(performance.now() - sent);
        tally.note(target.path.replace(/[0-9a-f-]{36}/, ":id"), answer.status);
        if (answer.status === 500) status500 += 1;
        if (answer.status === 503 && answer.headers["retry-after"]) retryAfter503 += 1;
      }
    }),
  );
  const answered = Date.now();
  const stranded = await settle(rows, chatIds, SETTLE_MS, 100);
  const ended = await lastTurnEnded(rows, chatIds, started);
  const elapsed = (Math.max(answered, Number.isNaN(ended) ? answered : ended) - started) / 1_000;
  const cpu = meter.usage();
  const accepted = (tally.statuses.get(200) ?? 0) + (tally.statuses.get(202) ?? 0);
  const turns = await finishedTurns(rows, chatIds, started);
  const line =
    `${label}: ${tally.describe()}; ${turns} turns finished; ${elapsed.toFixed(1)} s to the last turn's end (answers done at ${((answered - started) / 1_000).toFixed(1)} s); ` +
    `answer p50 ${ms(percentile(latencies, 50))}, ${tail(latencies)}; ${describeCpu(cpu)}`;
  return {
    rate: accepted / elapsed,
    tally,
    status500,
    retryAfter503,
    stranded,
    chats: chatIds.length,
    cpu,
    line,
  };
}

async function run(load: Load): Promise<void> {
  const client = await measureClientCost(load.database.url);
  load.note(
    `database client CPU a statement, measured in the load's own process against the same database: ` +
      `Prisma ${us(client.prisma)}, Prisma inside an interactive transaction ${us(client.transaction)} (its BEGIN and COMMIT counted as statements), pg alone ${us(client.pg)}`,
  );
  const server = await load.server({ AGENT_DELTA_MS: "1" });
  try {
    for (const clients of CLIENT_COUNTS) {
      const health = await healthRate(load, server, clients);
      load.note(health.line);
      const heavy: RunResult[] = [];
      for (const { kind, label, aim } of KINDS) {
        const perClient = Math.max(1, Math.round(load.sizes.picks / clients));
        const targets = await prepareTargets(server.base, load.rows, kind, clients, perClient);
        const pickCpu = kind === "selections" && clients === CLIENT_COUNTS[0];
        const counting = pickCpu && (await resetStatements(load));
        const result = await throughputRun(
          load,
          server,
          targets,
          `${kind}, ${clients} clients × ${perClient}`,
        );
        const statements = counting ? await statementCount(load) : null;
        load.note(result.line);
        if (clients === 128) heavy.push(result);
        load.figure({
          figure: `${label}, ${clients} clients (incl. the turns they start)`,
          measured: `${result.rate.toFixed(1)} /s`,
          baseline: `health ${Math.round(health.rate)} req/s`,
          ratio: share(result.rate, health.rate),
          aim: aim ? `≥ ${Math.round(aim * 100)} % of health` : "report",
          met: aim ? result.rate >= aim * health.rate : undefined,
          why: aim ? cpuBound(result, health, aim) : undefined,
        });
        if (pickCpu) figurePickCpu(load, result, health, clients, { client, statements });
      }
      if (heavy.length > 0) figureErrors(load, heavy, clients);
    }
  } finally {
    await server.stop();
  }
}

const acceptedCount = (result: RunResult) =>
  (result.tally.statuses.get(200) ?? 0) + (result.tally.statuses.get(202) ?? 0);
/** Milliseconds of CPU each. */
const perRequest = (seconds: number, count: number) => (1_000 * seconds) / Math.max(1, count);

/**
 * What holds a rate below its aim: the server's CPU for each accepted request (its turn included)
 * against a health check's, and how busy the server's one JavaScript thread was.
 */
function cpuBound(result: RunResult, health: HealthResult, aim: number): string {
  const each = (seconds: number, count: number) => ms(perRequest(seconds, count));
  return (
    `the server's one JavaScript thread was busy ${share(result.cpu.server, result.cpu.wall)} of the run, ${each(result.cpu.server, acceptedCount(result))} of server CPU a request with its turn ` +
    `(PostgreSQL ${each(result.cpu.postgres, acceptedCount(result))}) against ${each(health.cpu.server, health.ok)} a health check; ${Math.round(aim * 100)} % of health's rate needs at most ` +
    `${ms((1_000 * health.cpu.server) / Math.max(1, health.ok) / aim)} a request on a thread as busy`
  );
}

const us = (micros: number) => `${Math.round(micros)} µs`;

/**
 * What a pick costs the server beside what a request through the same pipeline does; where it is
 * more, how much of it the database client's own CPU for the pick's statements accounts for.
 */
function figurePickCpu(
  load: Load,
  result: RunResult,
  health: HealthResult,
  clients: number,
  { client, statements }: { client: ClientCost; statements: number | null },
): void {
  const accepted = acceptedCount(result);
  const [pick, check] = [
    perRequest(result.cpu.server, accepted),
    perRequest(health.cpu.server, health.ok),
  ];
  const each = statements === null ? null : statements / accepted;
  const clientShare =
    each === null
      ? ""
      : `; it sent ${each.toFixed(1)} statements a selection (BEGIN and COMMIT included), which at the client costs of a one-value statement measured under the table ` +
        `(Prisma ${us(client.prisma)} alone, ${us(client.transaction)} in a transaction; pg alone ${us(client.pg)}) is at least ${ms((each * client.transaction) / 1_000)} of Prisma against ${ms((each * client.pg) / 1_000)} through pg alone`;
  load.figure({
    figure: `Server CPU a selection costs with its turn, ${clients} clients`,
    measured: ms(pick),
    baseline: `a health check ${ms(check)}`,
    ratio: times(pick, check),
    aim: "≤ 3× a health check",
    met: pick <= 3 * check,
    why: `PostgreSQL's own work is apart (${ms(perRequest(result.cpu.postgres, accepted))} a selection)${clientShare}; the profile under the table says where the rest goes`,
  });
}

function figureErrors(load: Load, results: RunResult[], clients: number): void {
  const sum = (pick: (result: RunResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const [sent, errors, status500, retryAfter503, stranded, chats] = [
    sum((r) => r.tally.sent),
    sum((r) => r.tally.serverErrors),
    sum((r) => r.status500),
    sum((r) => r.retryAfter503),
    sum((r) => r.stranded),
    sum((r) => r.chats),
  ];
  load.figure({
    figure: `${clients} clients, all three runs: 5xx, of which 500; chats left with a turn nobody drives once the runs settled (${SETTLE_MS / 1_000} s)`,
    measured: `${errors} × 5xx (${status500} × 500, ${retryAfter503} × 503 + Retry-After); ${stranded} stranded`,
    baseline: `${sent} requests, ${chats} chats`,
    ratio: share(errors, sent),
    aim: "0 × 500, 0 stranded",
    met: status500 === 0 && stranded === 0 && errors === retryAfter503,
  });
}

export const throughput: Scenario = { name: "throughput", run };
