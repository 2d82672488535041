import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { seedSearchChats, type SearchSeed } from "@/scripts/test/search-seed";
import { searchStatement } from "../store/search";
import { searchChats as search, searchTerms } from "./search";

afterAll(async () => {
  await disconnectDb();
});

const searchChats = (visitorId: string, text: string) => search({ visitorId, text });
const query = (text: string, values: unknown[] = []) => db().$executeRawUnsafe(text, ...values);

/** A chat of the visitor's, with items of the given text (person and agent in turn). */
async function chatWith(
  visitorId: string,
  title: string,
  texts: string[],
  updatedAt = new Date(),
): Promise<string> {
  await db().visitor.upsert({ where: { id: visitorId }, create: { id: visitorId }, update: {} });
  const chat = await db().chat.create({
    data: { visitorId, title, lastPosition: texts.length, updatedAt },
  });
  await db().item.createMany({
    data: texts.map((text, index) => ({
      chatId: chat.id,
      position: index + 1,
      role: index % 2 === 0 ? "user" : "assistant",
      status: "complete",
      content: text,
      parts: [{ kind: "text", text }],
    })),
  });
  return chat.id;
}

describe("what a search looks for", () => {
  it("takes each word typed as a required prefix, and nothing else", () => {
    expect(searchTerms("Deploy  the build!")).toBe("'deploy':* & 'the':* & 'build':*");
    expect(searchTerms("it's ') | !x:*")).toBe("'it':* & 's':* & 'x':*");
    expect(searchTerms("  ?!  ")).toBeNull();
  });
});

describe("searching the visitor's chats", () => {
  it("finds chats by title and by what was said, best first, with a snippet around the match", async () => {
    const visitorId = randomUUID();
    const old = new Date(Date.now() - 86_400_000);
    const byTitle = await chatWith(
      visitorId,
      "Quarterly zanzibar plan",
      ["Nothing to see here."],
      old,
    );
    const byReply = await chatWith(visitorId, "Travel", [
      "Where should we go next?",
      "How about the islands of Zanzibar, in the warm season when the trade winds calm down?",
    ]);
    const bothWords = await chatWith(visitorId, "Notes", ["zanzibar spices arrive Tuesday"], old);
    await chatWith(visitorId, "Unrelated", ["We talked about Madagascar."]);

    const found = await searchChats(visitorId, "zanzi");
    expect(found.map((result) => result.chatId)).toEqual([
      byTitle,
      expect.any(String),
      expect.any(String),
    ]);
    expect(new Set(found.slice(1).map((result) => result.chatId))).toEqual(
      new Set([byReply, bothWords]),
    );
    expect(found[0]).toMatchObject({
      inTitle: true,
      title: "Quarterly zanzibar plan",
      snippet: null,
    });
    const reply = found.find((result) => result.chatId === byReply)!;
    expect(reply.inTitle).toBe(false);
    expect(reply.snippet?.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([
      "Zanzibar",
    ]);
    expect(reply.snippet?.map((piece) => piece.text).join("")).toContain(
      "the islands of Zanzibar, in the warm",
    );

    // Every word must match: two words find only the chat holding both.
    expect((await searchChats(visitorId, "zanzibar spic")).map((result) => result.chatId)).toEqual([
      bothWords,
    ]);
    expect(await searchChats(visitorId, "zanzibar nowhere")).toEqual([]);
  });

  it("never finds another visitor's chat, however well it matches", async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    const own = await chatWith(mine, "Ordinary", ["a quokka once"]);
    await chatWith(theirs, "Quokka quokka", ["quokka quokka quokka"]);
    expect((await searchChats(mine, "quokka")).map((result) => result.chatId)).toEqual([own]);
    expect(await searchChats(randomUUID(), "quokka")).toEqual([]);
  });

  it("finds only the text the page draws, and a marker character in a message fakes no match", async () => {
    const visitorId = randomUUID();
    await db().visitor.create({ data: { id: visitorId } });
    const chat = await db().chat.create({ data: { visitorId, title: "Frames" } });
    await db().item.create({
      data: {
        chatId: chat.id,
        position: 1,
        role: "assistant",
        status: "complete",
        parts: [
          { kind: "block", blockId: "wombat-block" },
          { kind: "text", text: "a \uE000fake\uE001 numbat" },
        ],
      },
    });
    expect(await searchChats(visitorId, "wombat")).toEqual([]);
    const [found] = await searchChats(visitorId, "numbat");
    expect(found?.snippet?.filter((piece) => piece.match)).toEqual([
      { text: "numbat", match: true },
    ]);
    expect(found?.snippet?.map((piece) => piece.text).join("")).toContain("fake numbat");
  });
});

describe("the search statement over many chats", () => {
  let seed: SearchSeed;
  beforeAll(async () => {
    seed = await seedSearchChats(query, { visitorCount: 20, chats: 2_000, messagesPerChat: 10 });
  }, 120_000);

  it("finds the visitor's items through the GIN index, never by reading every item", async () => {
    const [row] = await db().$queryRaw<
      [{ "QUERY PLAN": unknown }]
    >`EXPLAIN (FORMAT JSON) ${searchStatement(seed.visitors[0]!, searchTerms("rollback webhook")!)}`;
    const indexes = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === "object") {
        const name = (node as Record<string, unknown>)["Index Name"];
        if (typeof name === "string") indexes.add(name);
        Object.values(node).forEach(visit);
      }
    };
    visit(row["QUERY PLAN"]);
    expect(indexes).toContain("Item_text_search_idx");
    expect(JSON.stringify(row["QUERY PLAN"])).not.toMatch(/"Node Type":"Seq Scan"/);
  });
});
