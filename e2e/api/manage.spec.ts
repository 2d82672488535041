import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat } from "../support";

test.describe("renaming, deleting and stopping over HTTP", () => {
  test("a chat is renamed with a trimmed title; an empty or overlong one is refused", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    const rename = (title: unknown) =>
      request.patch(`/api/chats/${chatId}`, { headers: sameOrigin(baseURL), data: { title } });
    const renamed = await rename("  Quarterly plan ");
    expect(renamed.status()).toBe(200);
    expect(await renamed.json()).toEqual({ chatId, title: "Quarterly plan" });
    for (const title of ["   ", "x".repeat(101), 42])
      expect((await rename(title)).status()).toBe(400);
    expect((await (await request.get(`/api/chats/${chatId}`)).json()).title).toBe("Quarterly plan");
  });

  test("only the owner may rename, delete or stop a chat, and only from the app's pages", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const chatId = await createChat(request, baseURL, "mine");
    await settledChat(request, chatId);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      await stranger.get("/");
      const headers = sameOrigin(baseURL);
      expect(
        (
          await stranger.patch(`/api/chats/${chatId}`, { headers, data: { title: "theirs" } })
        ).status(),
      ).toBe(404);
      expect((await stranger.delete(`/api/chats/${chatId}`, { headers })).status()).toBe(404);
      expect(
        (await stranger.post(`/api/chats/${chatId}/turns/stop`, { headers, data: {} })).status(),
      ).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const foreign = { origin: "https://evil.example", "content-type": "application/json" };
    expect((await request.delete(`/api/chats/${chatId}`, { headers: foreign })).status()).toBe(403);
    expect(
      (
        await request.patch(`/api/chats/${chatId}`, { headers: foreign, data: { title: "x" } })
      ).status(),
    ).toBe(403);
    expect((await request.get(`/api/chats/${chatId}`)).status()).toBe(200);
  });

  test("a deleted chat is gone: its page, its stream and its list entry", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "short-lived");
    await settledChat(request, chatId);
    const deleted = await request.delete(`/api/chats/${chatId}`, { headers: sameOrigin(baseURL) });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ chatId, deleted: true });
    expect((await request.get(`/api/chats/${chatId}`)).status()).toBe(404);
    expect((await request.get(`/api/chats/${chatId}/events`)).status()).toBe(404);
    expect(
      (await request.delete(`/api/chats/${chatId}`, { headers: sameOrigin(baseURL) })).status(),
    ).toBe(404);
    const { chats } = (await (await request.get("/api/chats")).json()) as {
      chats: { id: string }[];
    };
    expect(chats.map((chat) => chat.id)).not.toContain(chatId);
  });

  test("Stop ends a running reply as stopped; with nothing running it does nothing", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Tell me a long story, slowly");
    const stop = () =>
      request.post(`/api/chats/${chatId}/turns/stop`, { headers: sameOrigin(baseURL), data: {} });
    const stopped = await stop();
    expect(stopped.status()).toBe(202);
    expect(await stopped.json()).toEqual({ stopping: true });
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
      "user:complete",
      "assistant:stopped",
    ]);
    expect(await (await stop()).json()).toEqual({ stopping: false });
  });
});
