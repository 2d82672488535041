import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { replayedChat } from "@/scripts/test/replay-log";
import { pickFrameChoice } from "../answers/selections";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { regenerateReply } from "./regenerate";
import { runChat } from "./run";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });

async function listChat() {
  const visitorId = randomUUID();
  // A scenario prompt (lib/agent/scenarios.ts): its reply holds the ChoiceList `destination-choice`.
  const { chatId } = await createChat({ visitorId, message: "Where should we go next?" });
  await runChat(chatId, instant);
  const reply = async () => (await loadChatView({ visitorId, chatId })).items[1]!;
  return { visitorId, chatId, reply };
}

describe("versions of a reply", () => {
  it("keeps each earlier version when the reply is written again, the same on a reload and in the log", async () => {
    const { visitorId, chatId, reply } = await listChat();
    const first = await reply();
    await regenerateReply({ chatId, visitorId, itemId: first.id });
    // While the new version is being written, the old one is already kept.
    expect((await replayedChat(chatId)).items[1]!.versions).toMatchObject([
      { version: 1, revision: 1, status: "complete", parts: first.parts },
    ]);
    await runChat(chatId, instant);
    await regenerateReply({ chatId, visitorId, itemId: first.id });
    await runChat(chatId, instant);
    const newest = await reply();
    expect(newest).toMatchObject({ id: first.id, revision: 3, status: "complete" });
    expect(
      newest.versions!.map(({ version, revision, status }) => ({ version, revision, status })),
    ).toEqual([
      { version: 1, revision: 1, status: "complete" },
      { version: 2, revision: 2, status: "complete" },
    ]);
    expect(newest.versions![0]!.parts).toEqual(first.parts);
    expect((await replayedChat(chatId)).items[1]!.versions).toEqual(newest.versions);
  });

  it("refuses a pick on an earlier version with older-version, writing nothing; the newest answers", async () => {
    const { visitorId, chatId, reply } = await listChat();
    const first = await reply();
    await regenerateReply({ chatId, visitorId, itemId: first.id });
    await runChat(chatId, instant);
    const pick = (revision: number) =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: first.id,
        instanceId: "destination-choice",
        choiceId: "docs",
        revision,
      });
    const events = await db().chatEvent.count({ where: { chatId } });
    await expect(pick(1)).rejects.toMatchObject({ code: "older-version" });
    expect(await db().chatEvent.count({ where: { chatId } })).toBe(events);
    expect(await db().frameSelection.count({ where: { itemId: first.id } })).toBe(0);
    await expect(pick(2)).resolves.toMatchObject({ status: "sent" });
  });
});
