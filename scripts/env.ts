// What the project's tools and tests read from their own environment, in one place. The app reads
// its variables only through lib/env.ts; these belong to the runs around it (npm test, Playwright, Prisma).

/** The database of a run, where `npm test` or `npm run dev` set it; undefined before. */
export function runDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** The database of a test run: end-to-end tests run only through `npm test` or `npm run test:e2e`, which set it. */
export function testDatabaseUrl(): string {
  const url = runDatabaseUrl();
  if (!url)
    throw new Error(
      "DATABASE_URL is not set: run the end-to-end tests through `npm test` or `npm run test:e2e`.",
    );
  return url;
}

/** The direct (unpooled) database of a production-parity run. */
export function testUnpooledUrl(): string {
  const url = process.env.DATABASE_URL_UNPOOLED;
  if (!url)
    throw new Error("DATABASE_URL_UNPOOLED is not set: run the parity tests through `npm test`.");
  return url;
}

/** Settings of the test run itself: its port, CI, the report file, the parity instances' ports. */
export function testRun() {
  return {
    port: Number(process.env.E2E_PORT ?? 3100),
    ci: Boolean(process.env.CI),
    jsonReport: Boolean(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE),
    parityPorts: [process.env.PARITY_PORT_A, process.env.PARITY_PORT_B] as const,
  };
}

/** The environment a child process of a test runs with: the test's own, with `overrides` on top. */
export function inheritedEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
