/**
 * Runs once when a server instance starts: turns whose process died are recovered (interrupted
 * or resumed), and queued messages behind them start. Later lapses are caught by watching pages.
 * TRACE is refused here too, before the framework fails to build a Request for it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseUnservedMethods } = await import("@/lib/http/method-guard");
  refuseUnservedMethods();
  // Reading the configuration here makes a production start without SESSION_SECRET fail at once.
  const { appConfig } = await import("@/lib/config");
  const { agent } = appConfig();
  // A model that cannot run is said once, here; the mock answers meanwhile and the home page says why.
  if (agent.kind === "mock" && agent.problem) console.error(`${agent.problem} The scripted mock agent answers instead.`);
  const { recoverAtStartup } = await import("@/lib/chat/turns/startup");
  void recoverAtStartup();
}
