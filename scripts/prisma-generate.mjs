// Runs `prisma generate` offline. The Prisma CLI refuses to start without its native schema
// engine, which it would download; generation itself only uses WebAssembly, so pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it run without network access.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

let cli;
try {
  cli = join(dirname(require.resolve("prisma/package.json")), "build", "index.js");
} catch {
  console.error("prisma-generate: the prisma package is not installed; run `npm install` first.");
  process.exit(1);
}

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

const result = spawnSync(process.execPath, [cli, "generate"], { cwd: root, env, stdio: "inherit" });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
