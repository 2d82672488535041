import { checkListener } from "@/lib/chat/notify";
import { pingDatabase } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/**
 * The database, and whether this instance's LISTEN delivers: `live` only once a notice it sent
 * itself came back. `deaf` (a transaction pooler) or `down` still serves pages, with streams
 * polling every second, so the status is `degraded` but the answer is 200.
 */
export async function GET() {
  const headers = { "cache-control": "no-store" };
  const [healthy, listener] = await Promise.all([pingDatabase(), checkListener()]);
  if (!healthy) return Response.json({ status: "degraded", database: "unreachable", listener }, { status: 503, headers });
  const status = listener.state === "live" ? "ok" : "degraded";
  return Response.json({ status, database: "ok", listener }, { headers });
}
