import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DATABASE_BEAT_MS, onDatabaseBeat } from "./database-beat";

// Each question the beat asks, answered by the test: a stall is one that is never answered.
const asked = vi.hoisted(() => [] as Array<(answered: boolean) => void>);
vi.mock("@/lib/db/health", () => ({
  databaseAnswers: () => new Promise<boolean>((resolve) => asked.push(resolve)),
}));

/** Answers every question still waiting, and lets what follows the answer run. */
async function answerAll(answered: boolean): Promise<void> {
  for (const answer of asked.splice(0)) answer(answered);
  await vi.advanceTimersByTimeAsync(0);
}

let leave: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  for (const each of leave) each();
  leave = [];
  // A question left waiting would hold the next test's beat.
  await answerAll(false);
  vi.useRealTimers();
});

function watch(hear: () => void): void {
  leave.push(onDatabaseBeat(hear));
}

describe("the database beat", () => {
  it("asks once per beat for every stream watching, and each hears every answer", async () => {
    const heard = [0, 0, 0];
    for (const index of heard.keys()) watch(() => heard[index]!++);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS);
    expect(asked).toHaveLength(1);
    await answerAll(true);
    expect(heard).toEqual([1, 1, 1]);
  });

  it("in a stall waits on the one question asked, never asking again beside it, and is heard once it answers", async () => {
    let heard = 0;
    watch(() => heard++);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS * 10);
    expect(asked).toHaveLength(1);
    expect(heard).toBe(0);
    await answerAll(true);
    expect(heard).toBe(1);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS);
    expect(asked).toHaveLength(1);
  });

  it("says nothing when the database refused, and asks again at the next beat", async () => {
    let heard = 0;
    watch(() => heard++);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS);
    await answerAll(false);
    expect(heard).toBe(0);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS);
    expect(asked).toHaveLength(1);
  });

  it("still reaches the other streams when one refuses the write, and stops asking once none watches", async () => {
    let heard = 0;
    watch(() => {
      throw new TypeError("Invalid state: Controller is already closed");
    });
    watch(() => heard++);
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS);
    await answerAll(true);
    expect(heard).toBe(1);
    for (const each of leave.splice(0)) each();
    await vi.advanceTimersByTimeAsync(DATABASE_BEAT_MS * 3);
    expect(asked).toHaveLength(0);
  });
});
