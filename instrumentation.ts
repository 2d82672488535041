/**
 * Runs once when a server instance starts. It starts nothing that outlives a request's work
 * (decision 010): it reads the configuration, so a production start with a missing or short
 * SESSION_SECRET fails at once in one sentence (and a model that cannot run is said once), and it
 * starts the LISTEN connection, so a URL that cannot deliver notices (a transaction pooler) is
 * reported now, not found out by a stream.
 * TRACE is refused here too, before the framework fails to build a Request for it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  const { assertConfigAtStart } = await import("@/lib/server-start");
  assertConfigAtStart();
  const { appConfig } = await import("@/lib/config");
  const { agent } = appConfig();
  // A model that cannot run is said once, here; the mock answers meanwhile and the home page says why.
  if (agent.kind === "mock" && agent.problem) console.error(`${agent.problem} The scripted mock agent answers instead.`);
  const { startListener } = await import("@/lib/chat/notify");
  void startListener();
}
