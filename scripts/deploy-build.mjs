// `npm run vercel-build`: Vercel runs this script in place of `build` when it exists. It checks
// the configuration, applies pending migrations through DATABASE_URL_UNPOOLED (scripts/deploy/
// prepare.ts), then runs `next build`. Any mistake stops the build with one sentence, so a
// deployment never goes live on an unmigrated database or without its secret.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { prepareDeploy } = await tsImport("./deploy/prepare.ts", import.meta.url);

try {
  await prepareDeploy(process.env, (line) => console.log(line));
} catch (error) {
  console.error(`Build stopped: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const next = spawn(process.execPath, [join(root, "node_modules/next/dist/bin/next"), "build"], {
  cwd: root,
  stdio: "inherit",
});
next.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
