/**
 * Runs once when a server instance starts: turns whose process died are recovered (interrupted
 * or resumed), and queued messages behind them start. Later lapses are caught by watching pages.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { recoverAtStartup } = await import("@/lib/chat/startup");
  void recoverAtStartup();
}
