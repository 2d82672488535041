import { connect, createServer, type Server, type Socket } from "node:net";
import { expect, test, type APIResponse } from "@playwright/test";
import { OUTAGE_SENTENCE } from "../../lib/outage-page";
import { findFreePort } from "../../scripts/db/embedded";
import { startServer } from "../../scripts/reliability/server";
import { createChat } from "../support";

/**
 * A door between a server and its database. Shut, new connections are refused and open ones cut,
 * as when PostgreSQL stops; opened again, the same database is back on the same port.
 */
class Door {
  private listener: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: URL,
  ) {}

  async open(): Promise<void> {
    this.listener = createServer((client) => {
      const upstream = connect(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.listener!.listen(this.port, "127.0.0.1", resolve));
  }

  async shut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.listener?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

async function expectOutagePage(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(503);
  expect(response.headers()["retry-after"]).toBe("5");
  expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
  const html = await response.text();
  expect(html).toContain(OUTAGE_SENTENCE);
  expect(html).toContain("Trying again in 5 seconds…");
  expect(html).toContain(">Try again</button>");
  // The page reloads itself: its countdown script runs under the response's own policy.
  const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
  expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
}

test("pages answer 503 with a page that retries while the database is out of reach, and open again once it is back", async ({ playwright }) => {
  test.setTimeout(120_000);
  const database = new URL(process.env.DATABASE_URL!);
  const door = new Door(await findFreePort(), database);
  await door.open();
  const behindDoor = new URL(database);
  behindDoor.host = `127.0.0.1:${door.port}`;
  // The instance's own sweep would only add failure lines to the outage; it is not what is shown here.
  const server = await startServer({ databaseUrl: behindDoor.toString(), env: { SWEEP_INTERVAL_SECONDS: "0", TURN_LEASE_MS: "3000" } });
  const request = await playwright.request.newContext({ baseURL: server.base });
  try {
    const chatId = await createChat(request, server.base);
    for (const path of ["/", `/chats/${chatId}`]) expect((await request.get(path)).status(), path).toBe(200);

    await door.shut();
    for (const path of ["/", `/chats/${chatId}`]) await expectOutagePage(await request.get(path));
    // A client navigation asks for the same page's data: it gets the outage page too.
    await expectOutagePage(await request.get(`/chats/${chatId}`, { headers: { rsc: "1" } }));
    // The API keeps its own answer.
    const api = await request.get(`/api/chats/${chatId}`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toMatchObject({ code: "database-unavailable" });

    await door.open();
    for (const path of ["/", `/chats/${chatId}`]) {
      await expect.poll(async () => (await request.get(path)).status(), { message: path, timeout: 20_000 }).toBe(200);
    }
    expect(await (await request.get(`/chats/${chatId}`)).text()).not.toContain(OUTAGE_SENTENCE);
  } finally {
    await request.dispose();
    await server.stop();
    await door.shut();
  }
});
