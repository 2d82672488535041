import { checkListener } from "@/lib/chat/stream/notify";
import { checkDatabase } from "@/lib/db/health";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/**
 * The database, and whether this instance's LISTEN delivers (`live` once its own notice came
 * back); `deaf` or `down` still serves, polling, so `degraded` but 200. `oldestStuckTurnSeconds`
 * past the sweep interval means nothing is sweeping.
 */
export const GET = apiRoute({ visitor: false, admit: "anyone" }, async () => {
  const headers = { "cache-control": "no-store" };
  const [database, listener] = await Promise.all([checkDatabase(), checkListener()]);
  if (!database.reachable) return Response.json({ status: "degraded", database: "unreachable", listener, oldestStuckTurnSeconds: null }, { status: 503, headers });
  const status = listener.state === "live" ? "ok" : "degraded";
  return Response.json({ status, database: "ok", listener, oldestStuckTurnSeconds: database.oldestStuckTurnSeconds }, { headers });
});
