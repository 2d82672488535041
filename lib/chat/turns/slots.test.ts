import { describe, expect, it } from "vitest";
import { MAX_RUNNING_TURNS, takeTurnSlot } from "./slots";

describe("turn slots", () => {
  it("let at most the limit run at once and hand each freed slot to the next in line", async () => {
    const held = await Promise.all(Array.from({ length: MAX_RUNNING_TURNS }, () => takeTurnSlot()));
    const order: number[] = [];
    const queued = [0, 1].map((index) =>
      takeTurnSlot().then((release) => (order.push(index), release)),
    );
    await Promise.resolve();
    expect(order).toEqual([]);
    held[0]!();
    held[0]!();
    const first = await queued[0]!;
    expect(order).toEqual([0]);
    held[1]!();
    const second = await queued[1]!;
    expect(order).toEqual([0, 1]);
    for (const release of [...held.slice(2), first, second]) release();
  });
});
