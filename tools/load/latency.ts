// Latency, one request at a time on a quiet server: a selection over HTTP against the cheapest
// durable write PostgreSQL can do (an autocommit insert over raw `pg`), and a message's first
// streamed delta at a page against the POST's own answer, with the mock agent paced at 1 ms.
import pg from "pg";
import { percentile, Visitor } from "../reliability/http";
import { type Load, ms, type Scenario, tail, times } from "./context";
import { describeStatements, resetStatements, settle } from "./measure";
import { type Arrival, EventStream, epochNow } from "./sse";
import { prepareTargets, type Target } from "./targets";

// Inserts per selection: the baseline is sampled between the selections, on the same machine state.
const INSERTS_PER_PICK = 3;
// Selections whose statements are counted, after the timed ones.
const COUNTED_PICKS = 10;

/** A connection doing the cheapest durable write, to time between selections. */
async function inserter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `CREATE TABLE "LoadProbe" ("id" bigserial PRIMARY KEY, "chatId" uuid NOT NULL, "at" timestamptz NOT NULL DEFAULT now())`,
  );
  return {
    async time(count: number, into: number[] | null): Promise<void> {
      for (let index = 0; index < count; index++) {
        const started = performance.now();
        await client.query(`INSERT INTO "LoadProbe" ("chatId") VALUES (gen_random_uuid())`);
        into?.push(performance.now() - started);
      }
    },
    async close(): Promise<void> {
      await client.query(`DROP TABLE "LoadProbe"`);
      await client.end();
    },
  };
}

async function runSelection(load: Load): Promise<void> {
  const server = await load.server({ AGENT_DELTA_MS: "1" });
  let inserts: Awaited<ReturnType<typeof inserter>> | undefined;
  try {
    inserts = await inserter(load.database.url);
    const count = load.sizes.samples;
    const [targets] = await prepareTargets(
      server.base,
      load.rows,
      "selections",
      1,
      count + 5 + COUNTED_PICKS,
    );
    const [picks, insertTimes]: [number[], number[]] = [[], []];
    // The first picks and inserts warm the route, the connection and the table; they are not counted.
    for (const target of targets!.slice(0, 5)) await pick(load, target, null);
    await inserts.time(20, null);
    const healthTimes: number[] = [];
    for (const target of targets!.slice(5, 5 + count)) {
      await pick(load, target, picks);
      await inserts.time(INSERTS_PER_PICK, insertTimes);
      await timeHealth(server.base, healthTimes);
    }
    // Statements are counted over selections of their own, with nothing else between them.
    if (await resetStatements(load)) {
      for (const target of targets!.slice(5 + count)) await pick(load, target, null);
      load.note(
        `selection and its turn, in PostgreSQL: ${await describeStatements(load, COUNTED_PICKS, "a selection")}`,
      );
    }
    const [picked, inserted, health] = [
      percentile(picks, 50),
      percentile(insertTimes, 50),
      percentile(healthTimes, 50),
    ];
    load.note(
      `selection alone: p50 ${ms(picked)}, ${tail(picks)} over ${picks.length}; autocommit insert p50 ${ms(inserted)}, ${tail(insertTimes)}, ${INSERTS_PER_PICK} between selections; ` +
        `health check p50 ${ms(health)}, ${tail(healthTimes)}, one after each selection`,
    );
    load.figure({
      figure: "Selection over HTTP, p50, one at a time",
      measured: ms(picked),
      baseline: `autocommit insert (raw pg) p50 ${ms(inserted)}`,
      ratio: times(picked, inserted),
      aim: "≤ 10×",
      met: picked <= 10 * inserted,
      why:
        `a health check (a request through Next that runs two statements and waits for its notice to come back), timed between the same selections, took p50 ${ms(health)}, ` +
        `${times(health, inserted)} the insert, before any work of the selection's own`,
    });
  } finally {
    await inserts?.close();
    await server.stop();
  }
}

/** One health check, timed. */
async function timeHealth(base: string, into: number[]): Promise<void> {
  const started = performance.now();
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`a health check was answered ${response.status}`);
  into.push(performance.now() - started);
}

/** One selection, timed; then its turn is waited for, so no selection overlaps another's turn. */
async function pick(load: Load, target: Target, into: number[] | null): Promise<void> {
  const started = performance.now();
  const answer = await target.visitor.post(target.path, target.body);
  if (answer.status !== 200) throw new Error(`a selection was answered ${answer.status}`);
  into?.push(performance.now() - started);
  await settle(load.rows, [target.chatId], 30_000, 5);
}

const TEXT_EVENTS = new Set(["item.delta", "item.part", "item.parts"]);

async function runFirstDelta(load: Load): Promise<void> {
  const server = await load.server({ AGENT_DELTA_MS: "1" });
  let stream: EventStream | undefined;
  try {
    const visitor = new Visitor(server.base);
    const chatId = String((await visitor.post("/api/chats", {})).body.chatId);
    stream = new EventStream(visitor, chatId, 0, true);
    const answers: number[] = [];
    const claims: number[] = [];
    const deltas: number[] = [];
    for (let index = 0; index < load.sizes.samples + 5; index++) {
      const from = stream.arrivals.length;
      const started = epochNow();
      const answer = await visitor.post(`/api/chats/${chatId}/messages`, {
        text: `First delta probe ${index}`,
      });
      const answered = epochNow();
      if (answer.status !== 202) throw new Error(`a message was answered ${answer.status}`);
      const reply = await stream.next(
        (arrival) =>
          arrival.data?.type === "item.created" &&
          (arrival.data.item as { role?: string }).role === "assistant",
        from,
      );
      const replyId = (reply?.data?.item as { id?: string } | undefined)?.id;
      const delta = await stream.next(
        (arrival: Arrival) =>
          TEXT_EVENTS.has(String(arrival.data?.type)) && arrival.data?.itemId === replyId,
        from,
      );
      await stream.next((arrival) => arrival.data?.type === "turn.ended", from);
      if (!reply || !delta) throw new Error("a reply never reached the stream");
      // The first messages warm the routes and the stream; they are not counted.
      if (index < 5) continue;
      answers.push(answered - started);
      claims.push(reply.at - started);
      deltas.push(delta.at - started);
    }
    const [delta, answer, claimed] = [
      percentile(deltas, 50),
      percentile(answers, 50),
      percentile(claims, 50),
    ];
    load.note(
      `message → first delta over ${deltas.length}: POST answered p50 ${ms(answer)}; reply item (turn claimed) at the page p50 ${ms(claimed)}; first delta p50 ${ms(delta)}, ${tail(deltas)}`,
    );
    load.figure({
      figure: "POST message → first streamed delta at a page, AGENT_DELTA_MS=1, p50",
      measured: ms(delta),
      baseline: `the POST's own answer p50 ${ms(answer)}`,
      ratio: times(delta, answer),
      aim: "≤ 20 ms p50",
      met: delta <= 20,
      why:
        `the turn starts once the POST is answered, p50 ${ms(answer)}${answer > 20 ? ", itself past the aim" : ""}; it claims itself and its reply item reaches the page ` +
        `${ms(claimed - answer)} later (p50s), and the first delta ${ms(delta - claimed)} after that`,
    });
  } finally {
    stream?.close();
    await server.stop();
  }
}

export const selectionLatency: Scenario = { name: "selection", run: runSelection };
export const firstDelta: Scenario = { name: "first-delta", run: runFirstDelta };
