// Many viewers of one streaming chat: the same reply streamed to one page and to 200, in
// interleaved rounds. Per event: how often this instance read the event log, and how long after
// it committed the last page had it; per round: the server's CPU time.
import { CHAT_EVENTS_CHANNEL } from "@/lib/chat/stream/notice-listener";
import { openSession } from "@/scripts/db/session";
import { STORY } from "../reliability/chats";
import { percentile, Visitor } from "../reliability/http";
import { enoughFor, type Load, ms, type Scenario, sleep, tail, times } from "./context";
import {
  CpuMeter,
  cpuSeconds,
  describeStatements,
  eventLogCounters,
  monotonicMicros,
  resetStatements,
  settle,
} from "./measure";
import { EventStream, epochNow } from "./sse";

type Round = {
  viewers: number;
  events: number;
  reads: number;
  cpu: number;
  usage: string;
  statements: string;
  lastArrival: number[];
  spread: number[];
  window: [number, number];
};

async function lastSeq(load: Load, chatId: string): Promise<number> {
  return load.rows.count(`SELECT "lastEventSeq" AS "count" FROM "Chat" WHERE "id" = $1`, [chatId]);
}

/**
 * When each event of a chat committed, as this process's clock saw it: the notice of the write
 * that appended it, heard on the channel every instance listens on. The rows themselves cannot
 * say: a turn's end deletes the events it streamed.
 */
async function commitClock(url: string, chatId: string) {
  const sql = openSession(url);
  const notices: Array<{ seq: number; at: number }> = [];
  await sql.listen(CHAT_EVENTS_CHANNEL, (payload) => {
    const [id, seq] = payload.split(":");
    if (id === chatId) notices.push({ seq: Number(seq), at: epochNow() });
  });
  return {
    /** When event `seq` committed: the first notice of a write up to it or past it. */
    at: (seq: number) => notices.find((notice) => notice.seq >= seq)?.at ?? Number.NaN,
    close: () => sql.end(),
  };
}

/** One reply streamed to `viewers` pages at once, from the message to the last page's last event. */
export async function round(
  load: Load,
  pid: number,
  visitor: Visitor,
  chatId: string,
  viewers: number,
): Promise<Round> {
  const start = await lastSeq(load, chatId);
  const streams = Array.from({ length: viewers }, () => new EventStream(visitor, chatId, start));
  let committed: Awaited<ReturnType<typeof commitClock>> | undefined;
  try {
    const until = Date.now() + 30_000;
    while (!streams.every((stream) => stream.opened) && Date.now() < until) await sleep(50);
    if (!streams.every((stream) => stream.opened))
      throw new Error(
        `${streams.filter((stream) => !stream.opened).length} viewers were not let in`,
      );
    committed = await commitClock(load.database.url, chatId);
    const { reads } = await eventLogCounters(load.rows);
    const statements = await resetStatements(load);
    const [cpu, meter, from] = [
      cpuSeconds(pid),
      new CpuMeter(pid, load.database.dataDir),
      monotonicMicros(),
    ];
    await visitor.post(`/api/chats/${chatId}/messages`, { text: STORY });
    if ((await settle(load.rows, [chatId], 60_000, 50)) > 0)
      throw new Error("the streamed reply did not end");
    const end = await lastSeq(load, chatId);
    const caughtUp = Date.now() + 30_000;
    while (!streams.every((stream) => stream.last >= end) && Date.now() < caughtUp) await sleep(20);
    const [used, usage, to] = [cpuSeconds(pid) - cpu, meter.describe(), monotonicMicros()];
    const lastArrival: number[] = [];
    const spread: number[] = [];
    for (let seq = start + 1; seq <= end; seq++) {
      const arrivals = streams.map(
        (stream) => stream.arrivals.find((arrival) => arrival.seq === seq)?.at ?? Number.NaN,
      );
      if (arrivals.some(Number.isNaN))
        throw new Error(`event ${seq} missed ${arrivals.filter(Number.isNaN).length} viewers`);
      if (Number.isNaN(committed.at(seq))) throw new Error(`event ${seq} was never announced`);
      lastArrival.push(Math.max(...arrivals) - committed.at(seq));
      spread.push(Math.max(...arrivals) - Math.min(...arrivals));
    }
    const described = statements ? await describeStatements(load, end - start, "an event") : "";
    return {
      viewers,
      events: end - start,
      reads: (await eventLogCounters(load.rows)).reads - reads,
      cpu: used,
      usage,
      statements: described,
      lastArrival,
      spread,
      window: [from, to],
    };
  } finally {
    await committed?.close();
    for (const stream of streams) stream.close();
    await sleep(500);
  }
}

async function run(load: Load): Promise<void> {
  // The mock's default pace, 35 ms a chunk: a reply streams as a person would watch it.
  const server = await load.server({});
  try {
    const visitor = new Visitor(server.base);
    const chatId = String((await visitor.post("/api/chats", {})).body.chatId);
    const many = load.sizes.viewers;
    const rounds: Round[] = [];
    // A warm-up round of each size first, so neither pays for the first use of its code.
    await round(load, server.pid, visitor, chatId, 1);
    await round(load, server.pid, visitor, chatId, many);
    for (let index = 0; index < load.sizes["viewer-rounds"]; index++) {
      rounds.push(await round(load, server.pid, visitor, chatId, 1));
      rounds.push(await round(load, server.pid, visitor, chatId, many));
    }
    const total = (viewers: number) => {
      const of = rounds.filter((each) => each.viewers === viewers);
      const sum = (pick: (each: Round) => number) =>
        of.reduce((value, each) => value + pick(each), 0);
      return {
        events: sum((each) => each.events),
        reads: sum((each) => each.reads),
        cpu: sum((each) => each.cpu),
        usage: of.at(-1)?.usage ?? "",
        statements: of.at(-1)?.statements ?? "",
        lastArrival: of.flatMap((each) => each.lastArrival),
        spread: of.flatMap((each) => each.spread),
      };
    };
    const [one, all] = [total(1), total(many)];
    const perEvent = (side: typeof one) => side.reads / side.events;
    for (const [side, viewers] of [
      [one, 1],
      [all, many],
    ] as const) {
      load.note(
        `${viewers} viewer${viewers === 1 ? "" : "s"}: ${side.events} events in ${load.sizes["viewer-rounds"]} rounds, ${side.reads} event-log reads (${perEvent(side).toFixed(2)} an event), server CPU ${side.cpu.toFixed(2)} s; commit → last page p50 ${ms(percentile(side.lastArrival, 50))}, ${tail(side.lastArrival)}; first → last page ${tail(side.spread)}; last round's ${side.usage}`,
      );
      if (side.statements)
        load.note(
          `${viewers} viewer${viewers === 1 ? "" : "s"}, PostgreSQL in the last round: ${side.statements}`,
        );
    }
    load.figure({
      figure: `${many} viewers (SSE) of one streaming chat: event-log reads per event, one instance`,
      measured: perEvent(all).toFixed(2),
      baseline: `1 viewer: ${perEvent(one).toFixed(2)}`,
      ratio: times(perEvent(all), perEvent(one)),
      aim: "1 read per event per instance",
      // Reads that no viewer count causes: the fallback poll (every 5 s while notices arrive), and
      // a notice arriving during a read, which reads once more in case the read began too early.
      met: perEvent(all) <= 1.25,
    });
    load.figure({
      figure: `${many} viewers: server CPU for the same reply`,
      measured: `${all.cpu.toFixed(2)} s`,
      baseline: `1 viewer: ${one.cpu.toFixed(2)} s`,
      ratio: times(all.cpu, one.cpu),
      aim: "≤ 1.5× one viewer",
      met: all.cpu <= 1.5 * one.cpu,
      why: fanOutCost(one, all, many),
    });
    const [p99, p99One] = [percentile(all.lastArrival, 99), percentile(one.lastArrival, 99)];
    const enough = enoughFor(all.lastArrival, 99) && enoughFor(one.lastArrival, 99);
    load.figure({
      figure: `${many} viewers: event committed → last page has it, p99`,
      measured: enough ? ms(p99) : tail(all.lastArrival),
      baseline: `1 viewer: ${enough ? ms(p99One) : tail(one.lastArrival)}`,
      ratio: enough ? times(p99, p99One) : "—",
      aim: "≤ 30 ms",
      met: enough ? p99 <= 30 : undefined,
      why:
        `one viewer's p99 was ${ms(p99One)} (the notice, the read, the write to a page), and the same event reached the last of ${many} pages ` +
        `${ms(percentile(all.spread, 99))} after the first (p99): the instance writes it to each page's stream in turn`,
    });
  } finally {
    await server.stop();
  }
}

type Side = { events: number; cpu: number };

/** What each page beyond the first costs the server: its CPU a page and an event, against what the aim leaves for it. */
function fanOutCost(one: Side, all: Side, many: number): string {
  const micros = (seconds: number) => `${Math.round(seconds * 1e6)} µs`;
  const [perEventOne, perEventAll] = [one.cpu / one.events, all.cpu / all.events];
  const perPage = (perEventAll - perEventOne) / (many - 1);
  return (
    `one viewer costs the server ${micros(perEventOne)} of CPU an event (the turn writing it included), and each page beyond it ${micros(perPage)} an event ` +
    `(encoded once for all pages; written to each page's own stream and socket); 1.5× would leave ${micros((0.5 * perEventOne) / (many - 1))} a page and an event`
  );
}

export const viewers: Scenario = { name: "viewers", run };
