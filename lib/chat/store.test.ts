import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb, readDatabaseUrl } from "@/lib/db/client";
import { createChat } from "./chats";
import { CHAT_EVENTS_CHANNEL } from "./notify";
import { appendEvents } from "./store";

afterAll(async () => {
  await disconnectDb();
});

describe("appendEvents", () => {
  it("appends events with the next sequence numbers in one statement and notifies listeners on commit", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    const listener = new Client({ connectionString: readDatabaseUrl() });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${CHAT_EVENTS_CHANNEL}`);
      const notified = new Promise<string>((resolve) =>
        listener.on("notification", (message) => {
          if (message.payload?.startsWith(chatId)) resolve(message.payload);
        }),
      );
      const last = await db().$transaction((tx) =>
        appendEvents(tx, chatId, [
          { type: "turn.started", turnId: "a" },
          { type: "turn.ended", turnId: "a", status: "finished" },
        ]),
      );
      expect(await notified).toBe(`${chatId}:${last}`);
      const rows = await db().chatEvent.findMany({ where: { chatId }, orderBy: { seq: "asc" }, select: { seq: true, type: true } });
      expect(rows).toEqual([
        { seq: last - 1, type: "turn.started" },
        { seq: last, type: "turn.ended" },
      ]);
    } finally {
      await listener.end();
    }
  });
});
