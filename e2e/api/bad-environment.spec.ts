import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "./contract";
import { findFreePort } from "../../scripts/db/embedded";
import { inheritedEnv } from "../../scripts/env";

test("`next start` with malformed and missing variables exits at once, naming each in one sentence", async () => {
  test.setTimeout(60_000);
  const server = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(await findFreePort())],
    {
      env: inheritedEnv({
        NODE_ENV: "production",
        SESSION_SECRET: "",
        TURN_LEASE_MS: "soon",
        TRUSTED_CLIENT_IP_HEADER: "x real ip",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(server, "exit")) as [number | null];
  expect(code).toBe(1);
  expect(stderr).toContain(
    [
      "The server cannot start: fix these variables (.env.example describes each).",
      "SESSION_SECRET is not set: production signs visitor cookies with it; set a random string of at least 16 characters (openssl rand -hex 32).",
      "TURN_LEASE_MS must be a whole number from 500 to 600000 (milliseconds).",
      "TRUSTED_CLIENT_IP_HEADER must be a header name such as x-real-ip.",
    ].join("\n"),
  );
});
