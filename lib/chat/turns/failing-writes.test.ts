import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { runChat } from "./run";
import { statementText } from "@/scripts/test/statement-text";

// A short lease, read once by this file's configuration: writes failing for a third of it
// (200 ms) end the turn.
vi.hoisted(() => vi.stubEnv("TURN_LEASE_MS", "600"));

afterAll(async () => {
  await disconnectDb();
});

describe("a turn whose writes keep failing", () => {
  it("stops its agent and ends as failed, keeping what it wrote, instead of streaming on unseen", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "write through an outage" });
    const client = db();
    const queryRaw = client.$queryRaw;
    let writesFail = false;
    let stopped = false;
    // Streams for about ten seconds unless stopped.
    const agent: Agent = {
      async *reply({ signal }) {
        writesFail = true;
        try {
          for (let index = 0; index < 2_000 && !signal.aborted; index++) {
            await pause(5, signal);
            yield { type: "text", text: "more " };
          }
        } finally {
          stopped = signal.aborted;
          writesFail = false;
        }
      },
    };
    // Every write of the reply fails while the agent streams. Transactions call through here too,
    // so the original runs with the caller's `this`.
    const outage = vi.spyOn(client, "$queryRaw").mockImplementation(function (
      this: unknown,
      template: TemplateStringsArray,
      ...values: unknown[]
    ) {
      if (writesFail && statementText(template, values).includes('UPDATE "Item"'))
        return Promise.reject(new Error("connection reset"));
      return queryRaw.call(this, template, ...values);
    } as typeof client.$queryRaw);
    try {
      await runChat(chatId, agent);
    } finally {
      outage.mockRestore();
    }
    expect(stopped).toBe(true);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.running).toBe(false);
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
      "user:complete",
      "assistant:failed",
    ]);
    expect(chat.items[1]!.parts[0]).toMatchObject({
      kind: "text",
      text: expect.stringMatching(/^more more /),
    });
  });
});
