import { sweepIfFree } from "@/lib/chat/healing/sweep";
import * as operations from "@/lib/api/operations/deployment";

export const dynamic = "force-dynamic";
// Healing 25 turns and asking for each waiting one; the turns themselves run elsewhere.
export const maxDuration = 300;

const headers = { "cache-control": "no-store" };

/** The periodic sweep Vercel Cron calls (vercel.json), so chats nobody opens still heal. */
export const GET = operations.sweep.serve(async ({ drive }) => {
  const swept = await sweepIfFree();
  if (!swept) return { status: 200, body: { drive: 0, requestWindows: 0, skipped: true }, headers };
  drive(...swept.drive);
  return {
    status: 200,
    body: { drive: swept.drive.length, requestWindows: swept.requestWindows },
    headers,
  };
});
