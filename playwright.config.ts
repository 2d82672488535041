import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium, NO_BROWSER_MESSAGE } from "./scripts/e2e-browser";
import { testDatabaseUrl, testRun } from "./scripts/env";

// `npm test` (scripts/test.mjs) starts the database and sets DATABASE_URL before calling this.
const databaseUrl = testDatabaseUrl();

const run = testRun();
const port = run.port;
const baseURL = `http://127.0.0.1:${port}`;

// Only the browser project needs Chromium; an API-only run must not fail for the lack of it.
const apiOnly = process.argv.some(
  (arg, index, all) => arg === "--project=api" || (arg === "--project" && all[index + 1] === "api"),
);
const browser = findChromium({ for: "tests" });
if (!browser && !apiOnly) throw new Error(NO_BROWSER_MESSAGE);

export default defineConfig({
  testDir: "e2e",
  // Tests are independent (each opens its own visitor and chats): a long file is split across workers.
  fullyParallel: true,
  forbidOnly: run.ci,
  retries: 0,
  // Three on 2 cores: a test spends part of its time waiting (on a streaming reply, a server's
  // start), and a third worker fills it. Measured by npm test on a clean clone, in Chromium's
  // headless shell: 652.3 s with three workers, 747.2 s with two. Four kept the machine saturated
  // (load average 16), no shorter, with axe and the dev server's test timing out.
  workers: 3,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  // scripts/test.mjs asks for the JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) to total the run.
  reporter: run.jsonReport ? [["list"], ["json"]] : [["list"]],
  use: { baseURL, trace: { mode: "retain-on-failure", screenshots: false } },
  projects: [
    { name: "api", testDir: "e2e/api" },
    {
      name: "browser",
      testDir: "e2e",
      testIgnore: ["api/**"],
      use: {
        browserName: "chromium",
        launchOptions: { executablePath: browser?.executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // Node closes a connection idle for 5 s; a test's request context keeps its connections open
    // and could send on one as the server closed it (ECONNRESET). No test is idle for 10 minutes.
    command: `node node_modules/next/dist/bin/next start -p ${port} --keepAliveTimeout 600000`,
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "test-secret-for-end-to-end-runs-only",
      // The browser tests walk the mock's scenarios, even from a shell set up for a model.
      AGENT: "mock",
      AGENT_DELTA_MS: "15",
      TURN_LEASE_MS: "3000",
      CRON_SECRET: "test-cron-secret-for-end-to-end-runs",
      // The tests show what a reader recovers; the instance's own sweep would race them to it.
      SWEEP_INTERVAL_SECONDS: "0",
      // Only e2e/api/visitors.spec.ts sends it, to be counted per address like a client behind a proxy.
      TRUSTED_CLIENT_IP_HEADER: "x-real-ip",
      // Every test opens new visitors from one address; e2e/api/instance-bound.spec.ts tests the bound on a server of its own.
      NEW_VISITORS_PER_INSTANCE: "100000",
      NODE_ENV: "production",
    },
  },
});
