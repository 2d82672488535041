import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { expect, test } from "./contract";
import { sameOrigin } from "../support";
import { rawRequest } from "./raw-http";
import { inheritedEnv } from "../../scripts/env";

// A server of its own with a small per-instance bound, so exhausting it holds back no other spec.
const LIMIT = 5;
let server: ChildProcess | undefined;
let base = "";

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, "close");
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port)],
    {
      env: inheritedEnv({
        NODE_ENV: "production",
        SESSION_SECRET: "test-secret-for-end-to-end-runs-only",
        AGENT: "mock",
        NEW_VISITORS_PER_INSTANCE: String(LIMIT),
        NEW_VISITOR_INSTANCE_WINDOW_SECONDS: "3600",
        TRUSTED_CLIENT_IP_HEADER: "x-real-ip",
        // The suite's database holds turns other tests strand on purpose: no sweep takes them.
        SWEEP_INTERVAL_SECONDS: "0",
      }),
      stdio: "ignore",
    },
  );
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await once(server, "exit");
});

test("new visitors whose address nothing names are bounded per instance: past it 429 rate-limited with Retry-After, nothing written", async () => {
  const create = (headers: Record<string, string> = {}) =>
    rawRequest(base, {
      method: "POST",
      path: "/api/chats",
      headers: { ...sameOrigin(base), ...headers },
      chunks: ["{}"],
    });
  // Cookie-less, from one address, one after another; a header value that is no address names
  // no client, so those count here too.
  const answers = [];
  for (let index = 0; index < LIMIT + 3; index++)
    answers.push(await create(index % 2 ? { "x-real-ip": "not-an-address" } : {}));
  expect(answers.map((answer) => answer.status)).toEqual([
    ...Array(LIMIT).fill(201),
    429,
    429,
    429,
  ]);
  for (const refused of answers.slice(LIMIT)) {
    expect(refused.body).toMatchObject({ code: "rate-limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const cookie = [refused.headers["set-cookie"] ?? []]
      .flat()
      .find((line) => line.startsWith("__Host-answerable_visitor="))!
      .split(";")[0]!;
    expect(
      (await rawRequest(base, { method: "GET", path: "/api/chats", headers: { cookie } })).body,
    ).toEqual({ chats: [] });
  }
  // A returning visitor is not new; one whose address the trusted header names is counted per address.
  const returning = [answers[0]!.headers["set-cookie"] ?? []].flat()[0]!.split(";")[0]!;
  expect((await create({ cookie: returning })).status).toBe(201);
  expect(
    (await create({ "x-real-ip": `192.0.2.${1 + Math.floor(Math.random() * 254)}` })).status,
  ).toBe(201);
});
