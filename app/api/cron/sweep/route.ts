import { sweepIfFree } from "@/lib/chat/recovery/sweep";
import { sweepResultSchema } from "@/lib/chat/wire/responses";
import { assertCronRequest } from "@/lib/http/cron";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// Recovery 25 turns and asking for each waiting one; the turns themselves run elsewhere.
export const maxDuration = 300;

const headers = { "cache-control": "no-store" };

/** The periodic sweep Vercel Cron calls (vercel.json), so chats nobody opens still recover. */
export const GET = defineOperation({
  operationId: "sweep",
  method: "GET",
  path: "/api/cron/sweep",
  summary: "The periodic sweep Vercel Cron calls, so chats nobody opens still recover",
  description:
    "Only the cron secret (`Authorization: Bearer`) gets through; `skipped: true` while another sweep runs.",
  needs: {
    visitor: false,
    admit: (request) => assertCronRequest(request),
    credential: "cronSecret",
    turnsRun: "own invocations",
  },
  responses: { 200: sweepResultSchema },
  refusals: ["unauthorized", "database-busy", "database-unavailable"],
}).serve(async ({ startTurns }) => {
  const swept = await sweepIfFree();
  if (!swept) return { status: 200, body: { drive: 0, requestWindows: 0, skipped: true }, headers };
  startTurns(...swept.waiting);
  return {
    status: 200,
    body: { drive: swept.waiting.length, requestWindows: swept.requestWindows },
    headers,
  };
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
