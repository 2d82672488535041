import { pingDatabase } from "@/lib/db/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const healthy = await pingDatabase();
  const headers = { "cache-control": "no-store" };
  if (!healthy) return Response.json({ status: "degraded", database: "unreachable" }, { status: 503, headers });
  return Response.json({ status: "ok", database: "ok" }, { headers });
}
