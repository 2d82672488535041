import { sweepIfFree } from "@/lib/chat/healing/sweep";
import { sweepResultSchema } from "@/lib/chat/wire/responses";
import { assertCronRequest } from "@/lib/http/cron";
import { defineOperation, otherMethods } from "@/lib/api/operation";

export const dynamic = "force-dynamic";
// Healing 25 turns and asking for each waiting one; the turns themselves run elsewhere.
export const maxDuration = 300;

const headers = { "cache-control": "no-store" };

/** The periodic sweep Vercel Cron calls (vercel.json), so chats nobody opens still heal. */
export const GET = defineOperation({
  operationId: "sweep",
  method: "GET",
  path: "/api/cron/sweep",
  summary: "The periodic sweep Vercel Cron calls, so chats nobody opens still heal",
  description:
    "Only the cron secret (`Authorization: Bearer`) gets through; `skipped: true` while another sweep runs.",
  needs: { visitor: false, admit: (request) => assertCronRequest(request), reach: "many chats" },
  responses: { 200: sweepResultSchema },
  refusals: ["unauthorized", "database-busy", "database-unavailable"],
}).serve(async ({ drive }) => {
  const swept = await sweepIfFree();
  if (!swept) return { status: 200, body: { drive: 0, requestWindows: 0, skipped: true }, headers };
  drive(...swept.drive);
  return {
    status: 200,
    body: { drive: swept.drive.length, requestWindows: swept.requestWindows },
    headers,
  };
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
