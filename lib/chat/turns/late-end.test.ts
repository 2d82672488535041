import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { recoverChats } from "../recovery/recover";
import { runChat } from "./run";
import { statementText } from "@/scripts/test/statement-text";

afterAll(async () => {
  await disconnectDb();
});

const WHOLE = "the whole reply, finished while the database was away";

/** A chat whose first message ("outage") waits for its reply, with a second one queued behind it. */
async function chatWithQueue() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "outage" });
  await sendMessage({ visitorId, chatId, text: "after the outage" });
  return { visitorId, chatId };
}

/** While the database is away the lease lapses, and a reader recovers the chat before this process can store the end. */
async function recoveredByAReader(visitorId: string, chatId: string): Promise<void> {
  await db().turn.updateMany({
    where: { chatId, status: "running" },
    data: { leaseExpiresAt: new Date(Date.now() - 1) },
  });
  expect(await recoverChats({ visitorId, chatId })).toEqual([chatId]);
}

async function expectWholeReply(visitorId: string, chatId: string): Promise<void> {
  const chat = await loadChatView({ visitorId, chatId });
  expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
    "user:complete",
    "assistant:complete",
    "user:complete",
    "assistant:complete",
  ]);
  expect(chat.items[1]!.parts).toEqual([{ kind: "text", text: WHOLE }]);
}

describe("a reply its agent finished while the database was away", () => {
  it("is stored whole when its end is retried after a reader recovered the chat", async () => {
    const { visitorId, chatId } = await chatWithQueue();
    const client = db();
    const transaction = client.$transaction.bind(client);
    let outage = false;
    const agent: Agent = {
      async *reply({ message }) {
        if (message !== "outage") return yield { type: "text", text: `re: ${message}` };
        yield { type: "text", text: WHOLE };
        outage = true;
      },
    };
    // The end's first write meets the outage.
    const down = vi.spyOn(client, "$transaction").mockImplementation((async (
      ...args: Parameters<typeof transaction>
    ) => {
      if (!outage) return transaction(...args);
      outage = false;
      await recoveredByAReader(visitorId, chatId);
      throw new Error("database unavailable");
    }) as typeof client.$transaction);
    try {
      await runChat(chatId, agent);
    } finally {
      down.mockRestore();
    }
    await expectWholeReply(visitorId, chatId);
  });

  it("is stored whole when its last write, still in flight as the agent finished, learns the chat was recovered", async () => {
    const { visitorId, chatId } = await chatWithQueue();
    const client = db();
    const queryRaw = client.$queryRaw;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let held = false;
    const agent: Agent = {
      async *reply({ message, signal }) {
        if (message !== "outage") return yield { type: "text", text: `re: ${message}` };
        try {
          yield { type: "text", text: "the whole " };
          // Long enough for that write to start; it is held until the agent has finished.
          await pause(120, signal);
          yield { type: "text", text: "reply, finished while the database was away" };
        } finally {
          finish();
        }
      },
    };
    // Transactions call through here too, so the original runs with the caller's `this`.
    const slow = vi.spyOn(client, "$queryRaw").mockImplementation(async function (
      this: unknown,
      template: TemplateStringsArray,
      ...values: unknown[]
    ) {
      if (!held && statementText(template, values).includes('UPDATE "Item"')) {
        held = true;
        await finished;
        await recoveredByAReader(visitorId, chatId);
      }
      return queryRaw.call(this, template, ...values);
    } as typeof client.$queryRaw);
    try {
      await runChat(chatId, agent);
    } finally {
      slow.mockRestore();
    }
    expect(held).toBe(true);
    await expectWholeReply(visitorId, chatId);
  });
});
