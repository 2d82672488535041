/**
 * Runs once when a server instance starts. It parses the environment, so a missing or malformed
 * variable stops the start with one sentence each; a model that cannot run is said once, after one
 * question to its provider (a few seconds at most, never holding up the start); and it starts the
 * LISTEN connection, so a URL that cannot deliver notices (a transaction pooler) is reported now,
 * not found out by a stream. A long-lived instance (not on Vercel) also starts its sweep timer, so
 * turns whose process died end with nobody reading their chats (decision 009). TRACE is refused
 * here too, before the framework fails to build a Request for it.
 */
export async function register() {
  // Not an environment read: Next writes the runtime in when it bundles, so the Edge bundle drops
  // the Node.js-only imports below. (Next itself skips `register` during `next build`.)
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertEnvAtStart, startSelfHostedSweep } = await import("@/lib/server-start");
  assertEnvAtStart();
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  startSelfHostedSweep();
  // A model that cannot run (no key, or one its provider does not know) is said once, when the
  // provider has answered; start-up does not wait for it, and the home page says it too.
  const { announceAgent } = await import("@/lib/agent/status");
  void announceAgent();
  const { startListener } = await import("@/lib/chat/stream/notify");
  void startListener();
}
