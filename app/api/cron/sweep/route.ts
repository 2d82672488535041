import { sweepIfFree } from "@/lib/chat/healing/sweep";
import { assertCronRequest } from "@/lib/http/cron";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// Healing 25 turns and asking for each waiting one; the turns themselves run elsewhere.
export const maxDuration = 300;

/**
 * The periodic sweep Vercel Cron calls (vercel.json), so chats nobody opens still heal. Only the
 * cron secret gets through; `skipped: true` while another sweep runs.
 */
export const GET = apiRoute({ visitor: false, admit: (request) => assertCronRequest(request), reach: "many chats" }, async ({ drive }) => {
  const headers = { "cache-control": "no-store" };
  const swept = await sweepIfFree();
  if (!swept) return Response.json({ drive: 0, requestWindows: 0, skipped: true }, { headers });
  drive(...swept.drive);
  return Response.json({ drive: swept.drive.length, requestWindows: swept.requestWindows }, { headers });
});
