import { connect, createServer, type Server, type Socket } from "node:net";
import { findFreePort } from "../scripts/db/embedded";
import { startServer, type Server as AppServer } from "../tools/reliability/server";
import { testDatabaseUrl } from "../scripts/env";

/**
 * A door between a server and its database. Shut, new connections are refused and open ones cut,
 * as when PostgreSQL stops; opened again, the same database is back on the same port.
 */
export class Door {
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

/**
 * A second `next start` of the same build whose database sits behind a door, so a test can take
 * the database away from it and give it back without disturbing the other tests' server.
 */
export async function serverBehindDoor(): Promise<{ door: Door; server: AppServer }> {
  const database = new URL(testDatabaseUrl());
  const door = new Door(await findFreePort(), database);
  await door.open();
  const behindDoor = new URL(database);
  behindDoor.host = `127.0.0.1:${door.port}`;
  // The instance's own sweep would only add failure lines to the outage; it is not what is shown here.
  const server = await startServer({
    databaseUrl: behindDoor.toString(),
    env: { SWEEP_INTERVAL_SECONDS: "0", TURN_LEASE_MS: "3000" },
  });
  return { door, server };
}
