/**
 * Runs once when a server instance starts. It reads the configuration, so a production start with
 * a missing or short SESSION_SECRET fails at once in one sentence; a model that cannot run is said
 * once, after one question to its provider (a few seconds at most, never holding up the start);
 * and it starts the LISTEN connection, so a URL that cannot deliver notices (a transaction pooler) is
 * reported now, not found out by a stream. A long-lived instance (not on Vercel) also starts its
 * sweep timer, so turns whose process died end with nobody reading their chats (decision 009).
 * TRACE is refused here too, before the framework fails to build a Request for it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  const { assertConfigAtStart, startSelfHostedSweep } = await import("@/lib/server-start");
  assertConfigAtStart();
  startSelfHostedSweep();
  // A model that cannot run (no key, or one its provider does not know) is said once, when the
  // provider has answered; start-up does not wait for it, and the home page says it too.
  const { announceAgent } = await import("@/lib/agent/status");
  void announceAgent();
  const { startListener } = await import("@/lib/chat/stream/notify");
  void startListener();
}
