import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { inheritedEnv } from "../scripts/env";

// The README's quickstart, `npm run dev`, opened the ways a newcomer opens it: at localhost, at
// 127.0.0.1 and at the "Network:" address `next dev` prints. Each must hydrate and answer.

// A first visit compiles the home page and the chat page on this small machine.
test.describe.configure({ mode: "serial", timeout: 240_000 });

let dev: ChildProcess;
let output = "";
let port: number;

async function freePort(): Promise<number> {
  const server = createServer().listen(0);
  await once(server, "listening");
  const { port: free } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return free;
}

/** Resolves when `next dev` says it is ready; rejects if the command ends first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready in")) resolve();
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) =>
      reject(new Error(`npm run dev ended (${code}) before it was ready:\n${output}`)),
    );
  });
}

test.beforeAll(async ({ browser }) => {
  // Starting `next dev` and compiling its first pages may take minutes on a busy two-core machine.
  test.setTimeout(600_000);
  port = await freePort();
  // The test database (DATABASE_URL), the mock agent, and Next's own development mode. No sweep:
  // the database is the suite's, where other tests leave turns stranded on purpose, and a sweep
  // here would take them over, racing those tests and flooding this server with their turns.
  const env = inheritedEnv({
    NODE_ENV: "development",
    AGENT: "mock",
    AGENT_DELTA_MS: "15",
    NEXT_TELEMETRY_DISABLED: "1",
    SWEEP_INTERVAL_SECONDS: "0",
  });
  // Its own process group, so the end of the test stops npm, the script and `next dev` together.
  dev = spawn("npm", ["run", "dev", "--", "-p", String(port)], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  await ready(dev);
  // `next dev` compiles a route on its first request. Asked for here, before any page opens, the
  // home page, the chat page, the route that starts a chat and the chat's event stream are
  // compiled once, whatever else the machine is running; the steps below then time hydration and
  // a chat, not the compiler. The POST is refused (no message) and the stream finds no chat: no
  // chat is written.
  const origin = `http://localhost:${port}`;
  const noChat = crypto.randomUUID();
  for (const [path, init] of [
    ["/", undefined],
    [`/chats/${noChat}`, undefined],
    [`/api/chats/${noChat}/events`, undefined],
    ["/api/chats", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
  ] as const) {
    const response = await fetch(`${origin}${path}`, {
      ...init,
      signal: AbortSignal.timeout(180_000),
    });
    await response.arrayBuffer();
  }
  // A page compiles its client scripts on first use, and the chat page loads some only once a
  // reply arrives (the Markdown parser among them): one whole chat at localhost compiles them all.
  const started = Date.now();
  const page = await browser.newPage();
  try {
    await startChat(page, origin);
  } finally {
    await page.close();
  }
  console.log(
    `quickstart: the first chat compiled its pages' scripts in ${Date.now() - started} ms`,
  );
});

/**
 * Starts a chat at `origin` from its home page, once it hydrated, and waits for the reply. If it
 * fails, the error carries what the page showed and the last of `next dev`'s output, which is
 * all a CI log keeps of a development server.
 */
async function startChat(page: Page, origin: string): Promise<void> {
  try {
    await chatAt(page, origin);
  } catch (error) {
    const shown = await page
      .locator("body")
      .innerText({ timeout: 5_000 })
      .catch(() => "(unreadable)");
    throw new Error(
      `${(error as Error).message}\n\nThe page at ${page.url()} showed:\n${shown.slice(0, 2_000)}\n\nnext dev printed, last:\n${output.slice(-6_000)}`,
    );
  }
}

async function chatAt(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel("First message").fill(`Hello from ${origin}`);
  // Start is enabled only once the page hydrated, which needs Next's development scripts.
  const start = page.getByRole("button", { name: "Start" });
  await expect(start).toBeEnabled({ timeout: 90_000 });
  await start.click();
  await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/, { timeout: 120_000 });
  expect(new URL(page.url()).origin).toBe(origin);
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute(
    "data-status",
    "complete",
    { timeout: 120_000 },
  );
}

test.afterAll(async () => {
  if (dev?.pid === undefined || dev.exitCode !== null) return;
  const exited = once(dev, "exit");
  process.kill(-dev.pid, "SIGTERM");
  await exited;
});

/** The origins a newcomer may open: localhost, 127.0.0.1, and the network address `next dev` printed. */
function origins(): string[] {
  const network = /Network:\s+(http:\/\/\S+)/.exec(output)?.[1];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...(network ? [network] : [])];
}

test("the development server's page hydrates and starts a chat at localhost, 127.0.0.1 and its network address", async ({
  page,
}) => {
  for (const origin of origins()) {
    const started = Date.now();
    await test.step(origin, () => startChat(page, origin));
    console.log(`quickstart: a chat at ${origin} in ${Date.now() - started} ms`);
  }
  expect(output).not.toContain("Blocked cross-origin request");
});

/** A request as any client may write it, Host included (fetch sets Host itself). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; cookie: string }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: data ? { ...headers, "content-type": "application/json" } : headers,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const type = response.headers["content-type"] ?? "";
          resolve({
            status: response.statusCode ?? 0,
            json: type.includes("application/json") ? JSON.parse(text) : {},
            cookie: (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
          });
        });
      },
    );
    sent.on("error", reject);
    sent.end(data);
  });
}

test("the development server refuses a page under any other host name, as a DNS-rebinding page sends", async () => {
  const host = `localhost:${port}`;
  const origin = `http://${host}`;
  const created = await send("POST", "/api/chats", { host, origin }, {});
  expect(created.status).toBe(201);
  const { chatId } = created.json as { chatId: string };
  const cookie = created.cookie;
  // A page at evil.example, its name pointed at this machine: its own Host and Origin.
  const evilHost = `evil.example:${port}`;
  const evil = { host: evilHost, origin: `http://${evilHost}`, cookie };
  const forbidden = { status: 403, json: expect.objectContaining({ code: "forbidden-origin" }) };
  expect(
    await send("PATCH", `/api/chats/${chatId}`, evil, { title: "Renamed afar" }),
  ).toMatchObject(forbidden);
  // Its page loads and reads send no Origin; answered, the page could read the chats.
  expect(await send("GET", "/", { host: evilHost, cookie })).toMatchObject(forbidden);
  expect(await send("GET", `/api/chats/${chatId}`, { host: evilHost, cookie })).toMatchObject(
    forbidden,
  );
  // A foreign Origin at the server's own name is refused by the route's origin check.
  expect(
    await send("PATCH", `/api/chats/${chatId}`, { ...evil, host }, { title: "Renamed afar" }),
  ).toMatchObject(forbidden);
  // The app's own page still renames it, so the refusals above are for the name alone.
  const renamed = await send(
    "PATCH",
    `/api/chats/${chatId}`,
    { host, origin, cookie },
    {
      title: "Renamed here",
    },
  );
  expect(renamed).toMatchObject({
    status: 200,
    json: expect.objectContaining({ title: "Renamed here" }),
  });
});
