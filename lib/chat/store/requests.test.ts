import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import {
  countNewVisitor,
  countRequest,
  deleteExpiredRequestWindows,
  InstanceWindow,
} from "./requests";

afterAll(async () => {
  await disconnectDb();
});

const window = (visitorId: string) => db().requestWindow.findUnique({ where: { visitorId } });

describe("per-visitor request limits", () => {
  it("counts requests up to the limit, then refuses with Retry-After and writes nothing", async () => {
    const visitorId = randomUUID();
    const limit = { requests: 3, windowSeconds: 3_600 };
    for (let index = 0; index < 3; index++) await countRequest({ visitorId, limit });
    const full = await window(visitorId);
    expect(full?.count).toBe(3);
    for (let index = 0; index < 2; index++) {
      const refusal = countRequest({ visitorId, limit });
      await expect(refusal).rejects.toMatchObject({ code: "rate-limited", status: 429 });
      const { retryAfterSeconds } = (await refusal.catch((error: unknown) => error)) as {
        retryAfterSeconds: number;
      };
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(3_600);
    }
    expect(await window(visitorId)).toEqual(full);
    // Another visitor has a budget of its own.
    await expect(countRequest({ visitorId: randomUUID(), limit })).resolves.toBeUndefined();
  });

  it("holds the limit exactly when a visitor's requests race", async () => {
    const visitorId = randomUUID();
    const limit = { requests: 7, windowSeconds: 3_600 };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => countRequest({ visitorId, limit })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(7);
    expect(
      results
        .filter((result) => result.status === "rejected")
        .map((result) => (result as PromiseRejectedResult).reason.code),
    ).toEqual(Array(13).fill("rate-limited"));
    expect((await window(visitorId))?.count).toBe(7);
  });

  it("starts a new window afresh, and the sweep deletes only windows long past", async () => {
    const limit = { requests: 2, windowSeconds: 60 };
    const [stale, current] = [randomUUID(), randomUUID()];
    await db().requestWindow.create({
      data: { visitorId: stale, windowStart: new Date(Date.now() - 3_600_000), count: 2 },
    });
    await countRequest({ visitorId: current, limit });
    // A full window that has passed no longer refuses: the count restarts at 1.
    await countRequest({ visitorId: stale, limit });
    expect((await window(stale))?.count).toBe(1);
    await db().requestWindow.update({
      where: { visitorId: stale },
      data: { windowStart: new Date(Date.now() - 3_600_000) },
    });
    const [staleAddress, currentAddress] = [randomUUID(), randomUUID()];
    await db().addressWindow.create({
      data: { address: staleAddress, windowStart: new Date(Date.now() - 3 * 3_600_000), count: 1 },
    });
    await db().addressWindow.create({
      data: { address: currentAddress, windowStart: new Date(), count: 1 },
    });
    expect(
      await deleteExpiredRequestWindows({
        limit,
        newVisitorLimit: { requests: 2, windowSeconds: 3_600 },
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(await window(stale)).toBeNull();
    expect(await window(current)).not.toBeNull();
    expect(await db().addressWindow.findUnique({ where: { address: staleAddress } })).toBeNull();
    expect(
      await db().addressWindow.findUnique({ where: { address: currentAddress } }),
    ).not.toBeNull();
  });
});

describe("new visitors whose address is not known", () => {
  it("count against the instance's window, and a refusal rolls back the visitor it came with", async () => {
    const instance = new InstanceWindow({ requests: 2, windowSeconds: 3_600 });
    const create = (visitorId: string) =>
      db().$transaction(async (tx) => {
        await tx.visitor.create({ data: { id: visitorId } });
        await countNewVisitor(tx, { address: null, instance });
      });
    const visitors = [randomUUID(), randomUUID(), randomUUID()];
    await create(visitors[0]!);
    await create(visitors[1]!);
    await expect(create(visitors[2]!)).rejects.toMatchObject({ code: "rate-limited", status: 429 });
    expect(await db().visitor.count({ where: { id: { in: visitors } } })).toBe(2);
    // A named address is counted in Postgres instead, whatever the instance's window says.
    await db().$transaction((tx) =>
      countNewVisitor(tx, { address: `192.0.2.1 ${randomUUID()}`, instance }),
    );
  });
});

describe("a window counted in this instance", () => {
  it("takes up to its limit, then refuses with the seconds left, counting nothing, until the next window", () => {
    let now = 1_800_000_010_000;
    const window = new InstanceWindow({ requests: 3, windowSeconds: 60 }, () => now);
    for (let index = 0; index < 3; index++) window.take();
    for (let index = 0; index < 2; index++) {
      expect(() => window.take()).toThrow(
        expect.objectContaining({ code: "rate-limited", status: 429, retryAfterSeconds: 50 }),
      );
    }
    now += 49_500;
    expect(() => window.take()).toThrow(expect.objectContaining({ retryAfterSeconds: 1 }));
    now += 500;
    for (let index = 0; index < 3; index++) window.take();
    expect(() => window.take()).toThrow(
      expect.objectContaining({ code: "rate-limited", retryAfterSeconds: 60 }),
    );
  });
});
