import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";
import { CHAT_EVENTS_CHANNEL, NoticeListener } from "./notice-listener";

describe("the notice listener", () => {
  it("counts as live once its own notice comes back, then hands on every chat's notices", async () => {
    const chatId = randomUUID();
    const heard: string[] = [];
    const listener = new NoticeListener("DATABASE_URL_UNPOOLED", inject("databaseUrl"), (id) => heard.push(id));
    try {
      await listener.start();
      expect(listener.state).toBe("live");
      const client = new pg.Client({ connectionString: inject("databaseUrl") });
      await client.connect();
      await client.query("SELECT pg_notify($1, $2)", [CHAT_EVENTS_CHANNEL, `${chatId}:7`]);
      await client.end();
      await expect.poll(() => heard).toContain(chatId);
      // Its own probes are not mistaken for a chat's notices.
      await listener.probe();
      expect(heard.every((id) => !id.startsWith("probe"))).toBe(true);
    } finally {
      await listener.stop();
    }
  });

  it("reports down, in one logged sentence, when it cannot connect", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const listener = new NoticeListener("DATABASE_URL", "postgresql://postgres:password@127.0.0.1:1/answerable", () => {});
    try {
      await listener.start();
      expect(listener.state).toBe("down");
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]![0])).toMatch(/^notices: cannot listen on DATABASE_URL \(.+\); streams poll every second meanwhile\.$/);
    } finally {
      await listener.stop();
      logged.mockRestore();
    }
  });
});
