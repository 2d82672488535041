/**
 * Once per instance: parses the environment (one sentence per bad variable), says once if the model
 * cannot run, and proves LISTEN now rather than in a stream. Long-lived instances start the sweep
 * timer (decision 009); TRACE is refused here, before the framework fails to build a Request.
 */
export async function register() {
  // Next writes the runtime in at bundle time, so the Edge bundle drops the Node-only imports below.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertEnvAtStart, startSelfHostedSweep } = await import("@/lib/server-start");
  assertEnvAtStart();
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  startSelfHostedSweep();
  // Said once the provider answers; start-up does not wait for it.
  const { announceAgent } = await import("@/lib/agent/status");
  void announceAgent();
  const { startListener } = await import("@/lib/chat/stream/notify");
  void startListener();
}
