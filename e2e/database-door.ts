import { connect, createServer, type Server, type Socket } from "node:net";
import { findFreePort } from "../scripts/db/embedded";
import { startServer, type Server as AppServer } from "../tools/reliability/server";
import { testDatabaseUrl } from "../scripts/env";

/**
 * A door between a server and its database. Shut, new connections are refused and open ones cut,
 * as when PostgreSQL stops; opened again, the same database is back on the same port. Frozen,
 * every connection stays open and nothing crosses it either way, as when PostgreSQL stalls (a
 * stopped process, a full disk, a lock); thawed, what waited goes through.
 */
export class Door {
  private listener: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Each connection's two ends, joined while the door is not frozen. */
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;

  constructor(
    readonly port: number,
    private readonly target: URL,
  ) {}

  async open(): Promise<void> {
    this.listener = createServer((client) => {
      const upstream = connect(Number(this.target.port), this.target.hostname);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      for (const socket of pair) {
        this.sockets.add(socket);
        socket.on("close", () => {
          this.sockets.delete(socket);
          this.pairs.delete(pair);
        });
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      if (this.frozen) pause(pair);
      else join(pair);
    });
    await new Promise<void>((resolve) => this.listener!.listen(this.port, "127.0.0.1", resolve));
  }

  /** Holds every byte between the server and the database, on open connections and new ones. */
  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) pause(pair);
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) join(pair);
  }

  async shut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.listener?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

function join([client, upstream]: [Socket, Socket]): void {
  client.pipe(upstream);
  upstream.pipe(client);
}

// Unpiped and paused, a socket reads nothing more: the kernel holds what arrives, as a stalled
// server's would, and both ends keep waiting.
function pause([client, upstream]: [Socket, Socket]): void {
  client.unpipe(upstream);
  upstream.unpipe(client);
  client.pause();
  upstream.pause();
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
