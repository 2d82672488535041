import { it } from "vitest";
import { db } from "@/lib/db/client";
import { seedSearchChats } from "@/scripts/test/search-seed";
import { searchStatement } from "./search";
import { searchTerms } from "../chats/search";
const query = (text: string, values: unknown[] = []) => db().$executeRawUnsafe(text, ...values);
it("perf", async () => {
  let t = performance.now();
  const seed = await seedSearchChats(query, { visitorCount: 50, chats: 10_000, messagesPerChat: 10 });
  console.log("seed ms", performance.now() - t);
  const v = seed.visitors[0]!;
  const [chat] = await db().$queryRaw<{ id: string }[]>`SELECT id FROM "Chat" WHERE "visitorId" = ${v}::uuid LIMIT 1`;
  for (const q of ["rollback", "rollback webhook", "roll", "chat 17", "zebra", "release deploy merge"]) {
    const times: number[] = []; const pk: number[] = [];
    let n = 0;
    for (let i = 0; i < 30; i++) {
      t = performance.now(); const r = await db().$queryRaw<unknown[]>(searchStatement(v, searchTerms(q)!)); times.push(performance.now() - t); n = r.length;
      t = performance.now(); await db().$queryRaw`SELECT "id", "title" FROM "Chat" WHERE "id" = ${chat!.id}::uuid`; pk.push(performance.now() - t);
    }
    times.sort((a, b) => a - b); pk.sort((a, b) => a - b);
    console.log(q, n, "search p50", times[15]!.toFixed(2), "pk p50", pk[15]!.toFixed(2));
  }
  const [row] = await db().$queryRaw<[{ "QUERY PLAN": unknown }]>`EXPLAIN (ANALYZE, FORMAT TEXT) ${searchStatement(v, searchTerms("zebra")!)}`;
  const rows = await db().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN (ANALYZE) ${searchStatement(v, searchTerms("zebra")!)}`;
  console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"), row && "");
}, 300_000);
