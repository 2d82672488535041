import { checkListener } from "@/lib/chat/stream/notify";
import { checkDatabase } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/**
 * The database, and whether this instance's LISTEN delivers: `live` only once a notice it sent
 * itself came back. `deaf` (a transaction pooler) or `down` still serves pages, with streams
 * polling every second, so the status is `degraded` but the answer is 200.
 * `oldestStuckTurnSeconds`: how long the longest-stuck turn (its process died) has waited for a
 * sweep or a reader, null when none has; past the sweep interval, nothing is sweeping.
 */
export async function GET() {
  const headers = { "cache-control": "no-store" };
  const [database, listener] = await Promise.all([checkDatabase(), checkListener()]);
  if (!database.reachable) return Response.json({ status: "degraded", database: "unreachable", listener, oldestStuckTurnSeconds: null }, { status: 503, headers });
  const status = listener.state === "live" ? "ok" : "degraded";
  return Response.json({ status, database: "ok", listener, oldestStuckTurnSeconds: database.oldestStuckTurnSeconds }, { headers });
}
