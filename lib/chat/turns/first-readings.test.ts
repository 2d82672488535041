import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { runChat } from "./run";

// First readings that throw, as a block out of its time budget on a loaded machine makes them.
vi.mock("../readings/index", async (original) => ({
  ...(await original<typeof import("../readings/index")>()),
  takeFirstReadings: () =>
    Promise.reject(new Error("The block ran out of its milliseconds budget.")),
}));

afterAll(async () => {
  await disconnectDb();
});

describe("a finished reply whose first readings throw", () => {
  it("is stored complete, without frozen readings, instead of being left to recovery", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "read" });
    const agent: Agent = {
      async *reply() {
        yield { type: "text", text: "the whole reply" };
      },
    };
    await runChat(chatId, agent);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.running).toBe(false);
    expect(chat.items[1]).toMatchObject({
      status: "complete",
      parts: [{ kind: "text", text: "the whole reply" }],
    });
  });
});
