import { describe, expect, it, vi } from "vitest";
import { GET as cronSweep } from "@/app/api/cron/sweep/route";
import { createPrismaClient, db } from "@/lib/db/client";
import { findFreePort } from "@/scripts/db/embedded";
import { scratchDatabaseForFile } from "@/scripts/db/scratch-for-tests";
import { startSweepTimer, sweepIfFree, type Swept } from "./sweep";
import { strandedChat } from "@/scripts/test/stranded-chat";

const CRON_SECRET = vi.hoisted(() => "a-cron-secret-for-sweep-tests");
vi.hoisted(() => vi.stubEnv("CRON_SECRET", CRON_SECRET));

// The timer sweeps every chat of its database: a database of its own keeps it off the chats that
// other test files recover and count at the same time.
scratchDatabaseForFile();

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("the instance's sweep timer", () => {
  it("ends a turn whose process died, with no request reading its chat, and hands the queued turn on", async () => {
    const { chatId, turnId } = await strandedChat();
    const handed = deferred<string[]>();
    const timer = startSweepTimer({
      intervalMs: 20,
      startTurns: async (chatIds) => handed.resolve(chatIds),
    });
    try {
      expect(await handed.promise).toEqual([chatId]);
    } finally {
      await timer.stop();
    }
    expect(
      await db().turn.findUniqueOrThrow({ where: { id: turnId }, select: { status: true } }),
    ).toEqual({ status: "interrupted" });
    expect(
      await db().item.findFirstOrThrow({
        where: { chatId, role: "assistant" },
        select: { status: true, content: true },
      }),
    ).toEqual({ status: "interrupted", content: "half a" });
  });

  it("never lets two sweepers run at once: the second skips while the first holds the lock", async () => {
    const entered = deferred();
    const release = deferred();
    const first = sweepIfFree({
      sweep: async () => {
        entered.resolve();
        await release.promise;
        return { waiting: [], requestWindows: 0 };
      },
    });
    await entered.promise;
    const second = vi.fn(async (): Promise<Swept> => ({ waiting: [], requestWindows: 0 }));
    expect(await sweepIfFree({ sweep: second })).toBeNull();
    expect(second).not.toHaveBeenCalled();
    // The cron route takes the same lock: it skips too, and says so.
    const cron = await cronSweep(
      new Request("http://localhost:3000/api/cron/sweep", {
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      }),
    );
    expect(await cron.json()).toEqual({ drive: 0, requestWindows: 0, skipped: true });
    release.resolve();
    expect(await first).toEqual({ waiting: [], requestWindows: 0 });
    // The lock ended with the first sweep's transaction: the next one runs.
    expect(await sweepIfFree({ sweep: second })).toEqual({ waiting: [], requestWindows: 0 });
  });

  it("survives a database out of reach: one line a failed sweep, and the next interval tries again", async () => {
    const closed = createPrismaClient(
      `postgresql://postgres@127.0.0.1:${await findFreePort()}/none`,
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const tries = deferred();
    let attempts = 0;
    const timer = startSweepTimer({
      intervalMs: 20,
      startTurns: async () => {},
      sweep: () => {
        if (++attempts === 3) tries.resolve();
        return sweepIfFree({ client: closed });
      },
    });
    let lines: unknown[][];
    try {
      await tries.promise;
    } finally {
      await timer.stop();
      lines = [...logged.mock.calls];
      logged.mockRestore();
      await closed.$disconnect();
    }
    // The third sweep began only after two had failed, each said in one line.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines)
      expect(line).toEqual(["Sweep failed: the database is out of reach; the next runs in 0.02 s"]);
  });
});
