import { checkListener } from "@/lib/chat/stream/notify";
import { checkDatabase } from "@/lib/db/health";
import * as operations from "@/lib/api/operations/deployment";
import { PROTOCOL_VERSION } from "@/lib/api/protocol";

export const dynamic = "force-dynamic";

const headers = { "cache-control": "no-store" };

/** `deaf` or `down` still serves, polling, so `degraded` but 200 (lib/api/operations/deployment.ts). */
export const GET = operations.health.serve(async () => {
  const [database, listener] = await Promise.all([checkDatabase(), checkListener()]);
  const common = { protocolVersion: PROTOCOL_VERSION, listener };
  if (!database.reachable)
    return {
      status: 503,
      body: {
        status: "degraded",
        database: "unreachable",
        ...common,
        oldestStuckTurnSeconds: null,
      },
      headers,
    };
  const status = listener.state === "live" ? "ok" : "degraded";
  return {
    status: 200,
    body: {
      status,
      database: "ok",
      ...common,
      oldestStuckTurnSeconds: database.oldestStuckTurnSeconds,
    },
    headers,
  };
});
