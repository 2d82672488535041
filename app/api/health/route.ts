import { checkListener } from "@/lib/chat/stream/notify";
import { checkDatabase } from "@/lib/db/health";
import { PROTOCOL_VERSION } from "@/lib/api/protocol";
import { healthSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

const headers = { "cache-control": "no-store" };

export const GET = defineOperation({
  operationId: "health",
  method: "GET",
  path: "/api/health",
  summary: "The database, this instance's LISTEN and the protocol version",
  description:
    "`deaf` or `down` still serves, polling, so `degraded` but 200; an unreachable database answers 503. `oldestStuckTurnSeconds` past the sweep interval means nothing is sweeping.",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: healthSchema, 503: healthSchema },
}).serve(async () => {
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

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
