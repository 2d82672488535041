import { createHash, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "./chat-view";
import { createChat, deleteChat } from "./manage";
import { loadSharedEarlier, loadSharedView, shareChat, shareState, unshareChat } from "./share";
import { pickFrameChoice } from "../answers/selections";
import { openSharedEventStream } from "../stream/event-stream";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function repliedChat(message: string) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  await runChat(chatId, createMockAgent({ deltaMs: 0 }));
  return { visitorId, chatId };
}

/** Reads the stream's text until `until` appears, or fails after `ms`. */
async function readUntil(
  stream: ReadableStream<Uint8Array>,
  until: string,
  ms = 10_000,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no "${until}" within ${ms} ms in: ${text}`)), ms);
  });
  try {
    while (!text.includes(until)) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  return text;
}

describe("sharing a chat through a link", () => {
  it("issues a 256-bit token, keeps only its hash, and opens the chat read-only by it alone", async () => {
    const { visitorId, chatId } = await repliedChat("Where should we go next?");
    const issued = await shareChat({ visitorId, chatId });
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.path).toBe(`/share/${issued.token}`);
    const row = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(row.shareTokenHash).toBe(sha256(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    expect(row.sharedAt?.toISOString()).toBe(issued.sharedAt);

    const owner = await loadChatView({ visitorId, chatId });
    const shared = await loadSharedView({ token: issued.token });
    // Named by the token: neither the chat's id nor its owner reach the viewer.
    expect(shared).toEqual({ ...owner, id: issued.token });
    expect(JSON.stringify(shared)).not.toContain(chatId);
    expect(JSON.stringify(shared)).not.toContain(visitorId);
    expect(await shareState({ visitorId, chatId })).toEqual({
      shared: true,
      sharedAt: issued.sharedAt,
    });
    const last = await db().chatEvent.findFirstOrThrow({
      where: { chatId },
      orderBy: { seq: "desc" },
    });
    expect(last.data).toEqual({ type: "chat.shared", shared: true });
  });

  it("lets only the owner share or unshare, and a stranger learns nothing", async () => {
    const { visitorId, chatId } = await repliedChat("Where should we go next?");
    const stranger = randomUUID();
    await expect(shareChat({ visitorId: stranger, chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    await expect(shareState({ visitorId: stranger, chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    const { token } = await shareChat({ visitorId, chatId });
    await expect(unshareChat({ visitorId: stranger, chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    expect((await loadSharedView({ token })).items).toHaveLength(2);
  });

  it("kills the old link when shared again, and every link when made private", async () => {
    const { visitorId, chatId } = await repliedChat("Where should we go next?");
    const first = await shareChat({ visitorId, chatId });
    const second = await shareChat({ visitorId, chatId });
    expect(second.token).not.toBe(first.token);
    await expect(loadSharedView({ token: first.token })).rejects.toMatchObject({
      code: "share-not-found",
      status: 404,
    });
    expect((await loadSharedView({ token: second.token })).title).toBe("Where should we go next?");

    expect(await unshareChat({ visitorId, chatId })).toEqual({ shared: false, sharedAt: null });
    await expect(loadSharedView({ token: second.token })).rejects.toMatchObject({
      code: "share-not-found",
    });
    await expect(loadSharedEarlier({ token: second.token, before: 1 })).rejects.toMatchObject({
      code: "share-not-found",
    });
    expect(await shareState({ visitorId, chatId })).toEqual({ shared: false, sharedAt: null });

    const third = await shareChat({ visitorId, chatId });
    await expect(loadSharedView({ token: second.token })).rejects.toMatchObject({
      code: "share-not-found",
    });
    await deleteChat({ visitorId, chatId });
    await expect(loadSharedView({ token: third.token })).rejects.toMatchObject({
      code: "share-not-found",
    });
  });

  it("never sends a viewer a confirmation handle, in the view or in the stream", async () => {
    const { visitorId, chatId } = await repliedChat("Email the release notes");
    const { token } = await shareChat({ visitorId, chatId });
    const stream = await openSharedEventStream({
      token,
      after: (await loadSharedView({ token })).lastEventSeq,
      signal: new AbortController().signal,
    });
    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    const picked = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-email",
      choiceId: "send",
    });
    const handle = (await db().actionConfirmation.findFirstOrThrow({ where: { chatId } })).token;
    expect(JSON.stringify(picked)).toContain(handle);

    const streamed = await readUntil(stream, "confirmation.updated");
    expect(streamed).not.toContain(handle);
    const shared = await loadSharedView({ token });
    const confirmations = Object.values(shared.items[1]!.confirmations);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.status).toBe("pending");
    expect(JSON.stringify(shared)).not.toContain(handle);
    await stream.cancel();
  });

  it("ends an open viewer's stream the moment the chat is made private", async () => {
    const { visitorId, chatId } = await repliedChat("Where should we go next?");
    const { token } = await shareChat({ visitorId, chatId });
    const stream = await openSharedEventStream({
      token,
      after: (await loadSharedView({ token })).lastEventSeq,
      signal: new AbortController().signal,
    });
    await unshareChat({ visitorId, chatId });
    // Well inside the stream's 5-second keep-alive tick: the log's `chat.shared` ends it, not the tick's check.
    const text = await readUntil(stream, "event: unshared", 2_500);
    expect(text).not.toContain("chat.shared");
    // Closed by the server: nothing follows.
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined });
    await expect(
      openSharedEventStream({ token, after: 0, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: "share-not-found" });
  });
});
