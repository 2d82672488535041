// `npm run dev`: the app on a real PostgreSQL with no setup. Without DATABASE_URL it starts the
// embedded cluster kept under .data/postgres (reused by later starts); with it, it uses that
// database. Either way it migrates first, then runs `next dev` and stops Postgres on exit.
// Extra arguments go to `next dev` (npm run dev -- -p 4000).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const nextArgs = process.argv.slice(2);

// Next reads .env itself; DATABASE_URL must be known here too, before choosing a database.
for (const file of [".env.local", ".env"]) {
  try {
    process.loadEnvFile(join(root, file));
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
  }
}

function appPort() {
  const index = nextArgs.findIndex((arg) => arg === "-p" || arg === "--port");
  if (index >= 0 && nextArgs[index + 1]) return nextArgs[index + 1];
  const inline = nextArgs.find((arg) => arg.startsWith("--port="));
  return inline ? inline.slice("--port=".length) : (process.env.PORT ?? "3000");
}

async function main() {
  const { migrateDatabase } = await tsImport("../lib/db/migrate.ts", import.meta.url);
  const { readDatabaseUrls } = await tsImport("../lib/db/urls.ts", import.meta.url);
  let database;
  let url;
  let migrateUrl;
  if (process.env.DATABASE_URL || process.env.DATABASE_URL_UNPOOLED) {
    // Migrations need a session of their own: the direct URL when two are set.
    ({ pooled: url, direct: migrateUrl } = readDatabaseUrls(process.env));
    console.log(`database: DATABASE_URL (${new URL(url).host})`);
  } else {
    const { startEmbeddedDatabase } = await tsImport("./db/embedded.ts", import.meta.url);
    const started = Date.now();
    database = await startEmbeddedDatabase({
      dataDir: join(root, ".data/postgres"),
      persistent: true,
    });
    url = migrateUrl = database.url;
    console.log(
      `database: embedded PostgreSQL, data in .data/postgres, ready in ${Date.now() - started} ms`,
    );
    console.log(`          ${url}`);
  }

  let stopping;
  const stopDatabase = () => (stopping ??= database?.stop() ?? Promise.resolve());
  try {
    await migrateDatabase({
      connectionString: migrateUrl,
      log: (line) => console.log(`migrations: ${line}`),
    });
  } catch (error) {
    await stopDatabase();
    throw new Error(
      `could not migrate the database: ${error instanceof Error ? error.message : error}`,
    );
  }

  const next = spawn(
    process.execPath,
    [join(root, "node_modules/next/dist/bin/next"), "dev", ...nextArgs],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url },
    },
  );
  console.log(`app: http://localhost:${appPort()}`);

  // Ctrl-C reaches Next from the terminal too; a plain `kill` of this process must reach it as well.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (next.exitCode === null) next.kill(signal);
    });
  }
  const code = await new Promise((resolve) =>
    next.on("exit", (exitCode, signal) => resolve(signal ? 0 : (exitCode ?? 1))),
  );
  await stopDatabase();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
