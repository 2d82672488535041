import { randomUUID } from "node:crypto";
import { describe, expect, inject, it, vi } from "vitest";
import { withSession } from "@/scripts/db/session";
import { CHAT_EVENTS_CHANNEL, NoticeListener, REPROBE_MS } from "./notice-listener";

describe("the notice listener", () => {
  it("counts as live once its own notice comes back, then hands on every chat's notices", async () => {
    const chatId = randomUUID();
    const heard: string[] = [];
    const listener = new NoticeListener("DATABASE_URL_UNPOOLED", inject("databaseUrl"), (id) =>
      heard.push(id),
    );
    try {
      await listener.start();
      expect(listener.state).toBe("live");
      await withSession(inject("databaseUrl"), (sql) =>
        sql.unsafe("SELECT pg_notify($1, $2)", [CHAT_EVENTS_CHANNEL, `${chatId}:7`]),
      );
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
    const listener = new NoticeListener(
      "DATABASE_URL",
      "postgresql://postgres:password@127.0.0.1:1/answerable",
      () => {},
    );
    try {
      await listener.start();
      expect(listener.state).toBe("down");
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]![0])).toMatch(
        /^notices: cannot listen on DATABASE_URL \(.+\); streams poll every second meanwhile\.$/,
      );
    } finally {
      await listener.stop();
      logged.mockRestore();
    }
  });

  it("proves itself again only while streams ask, once its verdict is a minute old", async () => {
    // Intervals are faked: one left running by the listener would show in the count.
    vi.useFakeTimers({ toFake: ["setInterval"] });
    let now = Date.now();
    const listener = new NoticeListener(
      "DATABASE_URL_UNPOOLED",
      inject("databaseUrl"),
      () => {},
      () => now,
    );
    try {
      await listener.start();
      const probe = vi.spyOn(listener, "probe");
      // An instance nobody watches: an hour passes and nothing is sent.
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(60 * REPROBE_MS);
      expect(probe).not.toHaveBeenCalled();

      // A stream asks: a fresh verdict is not proven again, a minute-old one is, once.
      expect(listener.isLive()).toBe(true);
      expect(probe).not.toHaveBeenCalled();
      now += REPROBE_MS;
      expect(listener.isLive()).toBe(true);
      expect(listener.isLive()).toBe(true);
      expect(probe).toHaveBeenCalledOnce();
      await probe.mock.results[0]!.value;
      expect(listener.state).toBe("live");
      expect(listener.checkedAt?.getTime()).toBe(now);
    } finally {
      vi.useRealTimers();
      await listener.stop();
    }
  });
});
