// The framework's floor: a one-page Next.js app (tools/load/floor-app) built from this
// repository's node_modules, the same Next.js and React, with no code of its own. Lighthouse audits
// it in the same run as the app, so a score reads against what this machine lets any Next.js page
// reach. It is built in a directory of its own outside the repository, with node_modules linked
// file by file: built inside the repository, it took in the app's own instrumentation.
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "@/scripts/db/embedded";
import { waitUntil } from "../reliability/http";

const root = join(__dirname, "..", "..");
const source = join(__dirname, "floor-app");

export async function startFloorApp(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "answerable-floor-"));
  await cp(source, dir, { recursive: true, filter: (path) => !path.includes(".next") });
  // Hard links: a copy of 1.3 GB in a few seconds, and Turbopack refuses a symlink out of the project.
  const linked = spawnSync("cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")]);
  const fail = async (message: string) => {
    await rm(dir, { recursive: true, force: true });
    return new Error(message);
  };
  if (linked.status !== 0) throw await fail(`could not link node_modules into ${dir}`);
  const next = join(dir, "node_modules/next/dist/bin/next");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const built = spawnSync(process.execPath, [next, "build"], { cwd: dir, env, stdio: "ignore" });
  if (built.status !== 0) throw await fail("the floor app did not build (tools/load/floor-app)");
  const port = await findFreePort();
  const child = spawn(process.execPath, [next, "start", "-p", String(port)], {
    cwd: dir,
    env,
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  const up = await waitUntil(
    async () => (await fetch(base).catch(() => null))?.ok === true,
    60_000,
    100,
  );
  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
    await rm(dir, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error(`the floor app did not start on port ${port}`);
  }
  return { base, stop };
}
