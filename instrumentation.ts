/**
 * Runs once when a server instance starts. It starts nothing that outlives a request's work
 * (decision 010): it reads the configuration, so a production start with a missing or short
 * SESSION_SECRET fails at once in one sentence, and it starts the LISTEN connection, so a URL
 * that cannot deliver notices (a transaction pooler) is reported now, not found out by a stream.
 * TRACE is refused here too, before the framework fails to build a Request for it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  const { assertConfigAtStart } = await import("@/lib/server-start");
  assertConfigAtStart();
  const { startListener } = await import("@/lib/chat/notify");
  void startListener();
}
