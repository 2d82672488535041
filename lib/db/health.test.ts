import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createChat } from "@/lib/chat/chats/manage";
import { resetEnv } from "@/lib/env";
import { db, disconnectDb } from "./client";
import { checkDatabase, databaseOutage } from "./health";
import { scratchDatabaseForFile } from "@/scripts/db/scratch-for-tests";

// Other test files strand turns in the shared database; the stuck-turn figure is read in one of its own.
scratchDatabaseForFile();

afterEach(async () => {
  await disconnectDb();
  vi.unstubAllEnvs();
  resetEnv();
  vi.restoreAllMocks();
});

/** Points the client at a port where nothing listens: it refuses at once. */
async function databaseDown() {
  await disconnectDb();
  vi.stubEnv("DATABASE_URL", "postgresql://postgres:password@127.0.0.1:1/answerable");
  resetEnv();
}

describe("checkDatabase", () => {
  it("reports how long the longest-stuck turn has waited since its lease lapsed, and null while none has", async () => {
    expect(await checkDatabase()).toEqual({ reachable: true, oldestStuckTurnSeconds: null });
    const [live, stuck, older] = await Promise.all(
      [1, 2, 3].map(() => createChat({ visitorId: randomUUID(), message: "hello" })),
    );
    const lease = (chatId: string, seconds: number) =>
      db().turn.updateMany({
        where: { chatId },
        data: { leaseExpiresAt: new Date(Date.now() + seconds * 1_000) },
      });
    await lease(live!.chatId, 60);
    expect(await checkDatabase()).toEqual({ reachable: true, oldestStuckTurnSeconds: null });
    await lease(stuck!.chatId, -30);
    await lease(older!.chatId, -90);
    const { oldestStuckTurnSeconds } = (await checkDatabase()) as {
      oldestStuckTurnSeconds: number;
    };
    expect(oldestStuckTurnSeconds).toBeGreaterThanOrEqual(90);
    expect(oldestStuckTurnSeconds).toBeLessThan(95);
    // A turn that ended is not stuck, whatever its lease says.
    await db().turn.updateMany({
      where: { chatId: older!.chatId },
      data: { status: "interrupted", endedAt: new Date() },
    });
    expect(
      ((await checkDatabase()) as { oldestStuckTurnSeconds: number }).oldestStuckTurnSeconds,
    ).toBeLessThan(35);
  });

  it("answers unreachable, without throwing, when the database is out of reach", async () => {
    await databaseDown();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await checkDatabase()).toEqual({ reachable: false });
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("databaseOutage", () => {
  it("is false while the database answers", async () => {
    expect(await databaseOutage()).toBe(false);
  });

  it("is true when it is out of reach, and pages asking together share one probe", async () => {
    await databaseDown();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await Promise.all([databaseOutage(), databaseOutage(), databaseOutage()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(logged).toHaveBeenCalledOnce();
    expect(await databaseOutage()).toBe(true);
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
