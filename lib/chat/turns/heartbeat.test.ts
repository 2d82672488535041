import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { pause } from "@/lib/agent/pacing";
import { disconnectDb } from "@/lib/db/client";
import { createChat } from "../chats/manage";
import { renewTurnLease } from "../store/turns";
import { runChat } from "./run";

// A short lease, read once by this file's configuration: the lease is renewed every 250 ms.
vi.hoisted(() => vi.stubEnv("TURN_LEASE_MS", "600"));

const failing = vi.hoisted(() => ({ end: false }));

// Building the final reply is the first step of storing it: made to throw here.
vi.mock("../reply/build", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../reply/build")>();
  return {
    ...actual,
    buildReply: (...args: Parameters<typeof actual.buildReply>) => {
      if (failing.end && args[1]?.final) throw new Error("the end could not be stored");
      return actual.buildReply(...args);
    },
  };
});

vi.mock("../store/turns", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../store/turns")>();
  return { ...actual, renewTurnLease: vi.fn(actual.renewTurnLease) };
});

afterAll(async () => {
  await disconnectDb();
});

describe("a turn's lease", () => {
  it("is renewed while the reply streams and never again once storing its end threw", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID(), message: "end in a throw" });
    const agent: Agent = {
      async *reply({ signal }) {
        await pause(800, signal);
        yield { type: "text", text: "done" };
      },
    };
    failing.end = true;
    try {
      await expect(runChat(chatId, agent, null)).rejects.toThrow("the end could not be stored");
    } finally {
      failing.end = false;
    }
    const renewals = vi.mocked(renewTurnLease).mock.calls.length;
    expect(renewals).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(vi.mocked(renewTurnLease).mock.calls.length).toBe(renewals);
  });
});
