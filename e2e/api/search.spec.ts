import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, settledChat } from "../support";

type Found = {
  results: {
    chatId: string;
    title: string;
    inTitle: boolean;
    snippet: { text: string; match: boolean }[] | null;
  }[];
};

const search = (request: APIRequestContext, q: string) =>
  request.get(`/api/chats/search?q=${encodeURIComponent(q)}`);
const foundIds = async (request: APIRequestContext, q: string) =>
  ((await (await search(request, q)).json()) as Found).results.map((result) => result.chatId);

test.describe("searching chats over HTTP", () => {
  test("finds the visitor's chat by its title and by its reply, with a snippet around the match", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Where should we go next?");
    await settledChat(request, chatId);

    const byReply = await search(request, "happy hel");
    expect(byReply.status()).toBe(200);
    const [found] = ((await byReply.json()) as Found).results.filter(
      (result) => result.chatId === chatId,
    );
    expect(found?.inTitle).toBe(false);
    expect(found?.snippet?.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([
      "Happy",
      "help",
    ]);

    const byTitle = ((await (await search(request, "should we go")).json()) as Found).results.find(
      (result) => result.chatId === chatId,
    );
    expect(byTitle).toMatchObject({ inTitle: true });
    expect(await foundIds(request, "happy nowhere-to-be-found")).not.toContain(chatId);
    // Nothing searchable typed: nothing found, and nothing refused.
    expect(((await (await search(request, "?!")).json()) as Found).results).toEqual([]);
  });

  test("finds an MCP App's text, the words that stand for its view", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Choose a deployment window");
    await settledChat(request, chatId);
    // Only the app's text says this: the person asked for "a deployment window".
    const [found] = (
      (await (await search(request, "windows for checkout")).json()) as Found
    ).results.filter((result) => result.chatId === chatId);
    expect(found?.inTitle).toBe(false);
    expect(found?.snippet?.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([
      "windows",
      "for",
      "checkout",
    ]);
  });

  test("never finds another visitor's chat", async ({ request, baseURL, playwright }) => {
    const mine = await createChat(request, baseURL, "Where should we go next?");
    await settledChat(request, mine);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      await stranger.get("/");
      const theirs = await createChat(stranger, baseURL, "Where should we go next?");
      await settledChat(stranger, theirs);
      const [mineFound, theirsFound] = [
        await foundIds(request, "happy"),
        await foundIds(stranger, "happy"),
      ];
      expect(mineFound).toContain(mine);
      expect(mineFound).not.toContain(theirs);
      expect(theirsFound).toEqual([theirs]);
    } finally {
      await stranger.dispose();
    }
  });

  test("a missing, empty, overlong or unstorable search is refused; a newcomer finds nothing", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await request.get("/");
    for (const query of ["", "?q=", "?q=%20%20", `?q=${"x".repeat(201)}`, "?q=%00"]) {
      const refused = await request.get(`/api/chats/search${query}`);
      expect(refused.status(), query).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invalid-search" });
    }
    expect((await search(request, "x".repeat(200))).status()).toBe(200);
    // Query syntax and LIKE wildcards are only characters: searched for, never run.
    for (const query of ["& | ! : * ( ) ' \\", "%", "_%_", "'".repeat(200), "a:* | !b"]) {
      const answered = await search(request, query);
      expect(answered.status(), query).toBe(200);
      expect(await answered.json(), query).toEqual({ results: [] });
    }
    // A newcomer (the first request mints their cookie) has no chats, so finds none of anybody's.
    const newcomer = await playwright.request.newContext({ baseURL });
    try {
      const found = await newcomer.get("/api/chats/search?q=happy");
      expect(found.status()).toBe(200);
      expect(await found.json()).toEqual({ results: [] });
    } finally {
      await newcomer.dispose();
    }
  });
});
