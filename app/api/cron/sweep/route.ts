import { handOffAfterResponse } from "@/lib/chat/turns/background";
import { sweepIfFree } from "@/lib/chat/turns/sweep";
import { assertCronRequest } from "@/lib/http/cron";
import { handleRoute } from "@/lib/http/errors";

export const dynamic = "force-dynamic";
// Healing 25 turns and asking for each waiting one; the turns themselves run elsewhere.
export const maxDuration = 300;

/**
 * The periodic sweep Vercel Cron calls (vercel.json), so chats nobody opens still heal: turns and
 * confirmation claims past their lease, and request windows long past. Refused without writing
 * unless the request carries the cron secret; skipped (`skipped: true`) while another sweep runs.
 */
export const GET = handleRoute(async (request: Request) => {
  assertCronRequest(request);
  const headers = { "cache-control": "no-store" };
  const swept = await sweepIfFree();
  if (!swept) return Response.json({ drive: 0, requestWindows: 0, skipped: true }, { headers });
  // Each waiting turn runs in an invocation of its own, never on this one's time.
  handOffAfterResponse(swept.drive);
  return Response.json({ drive: swept.drive.length, requestWindows: swept.requestWindows }, { headers });
});
