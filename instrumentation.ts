/**
 * Once per instance: parses the environment, says once if the model cannot run, proves LISTEN now,
 * and starts the sweep timer where nothing else sweeps (decision 009).
 */
export async function register() {
  // Next writes the runtime in at bundle time, so the Edge bundle drops the Node-only imports below.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertEnvAtStart, startSelfHostedSweep } = await import("@/lib/server-start");
  assertEnvAtStart();
  startSelfHostedSweep();
  // Said once the provider answers; start-up does not wait for it.
  const { announceAgent } = await import("@/lib/agent/status");
  void announceAgent();
  const { startListener } = await import("@/lib/chat/stream/notify");
  void startListener();
}
