import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium, NO_BROWSER_MESSAGE } from "./scripts/e2e-browser";
import { runDatabaseUrl, testRun, testUnpooledUrl } from "./scripts/env";
import { deployButtonEnvironment } from "./scripts/parity/deploy-env";

// The production-parity run. `npm test` (scripts/test.mjs) starts PgBouncer in transaction mode
// in front of a fresh database, builds with `npm run vercel-build` (which migrates it through the
// direct URL), then runs this: two `next start` instances sharing that database as Vercel's would.
const run = testRun();
const ports = run.parityPorts;
const pooled = runDatabaseUrl();
if (!pooled || ports.some((port) => !port)) {
  throw new Error(
    "Run the production-parity test through `npm test`: it starts PgBouncer and sets DATABASE_URL, DATABASE_URL_UNPOOLED and the ports.",
  );
}
const direct = testUnpooledUrl();
const browser = findChromium({ for: "tests" });
if (!browser) throw new Error(NO_BROWSER_MESSAGE);

export default defineConfig({
  testDir: "e2e/parity",
  testMatch: "*.parity.ts",
  fullyParallel: false,
  forbidOnly: run.ci,
  retries: 0,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results/parity",
  reporter: run.jsonReport ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${ports[0]}`,
    trace: "retain-on-failure",
    browserName: "chromium",
    launchOptions: { executablePath: browser.executablePath, args: CHROMIUM_ARGS },
  },
  webServer: ports.map((port) => ({
    command: `node node_modules/next/dist/bin/next start -p ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // Only what the Deploy button leaves a deployment, plus the test's pacing.
    env: deployButtonEnvironment(pooled, direct, {
      AGENT_DELTA_MS: "15",
      TURN_LEASE_MS: "3000",
      NODE_ENV: "production",
    }),
  })),
});
