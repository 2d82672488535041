import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockFollowUp } from "@/lib/agent/block-scenarios";
import { SCENARIOS } from "@/lib/agent/scenarios";
import { db, disconnectDb } from "@/lib/db/client";
import { buildReply } from "../reply/build";
import { seedSearchChats, type SearchSeed } from "@/scripts/test/search-seed";
import { searchStatement } from "../store/search";
import { searchChats as search, searchTerms } from "./search";
import { casePieceWords, textWords } from "./search-words";

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

/** A chat of the visitor's whose one reply is `content` as the app stores it: its parts and final blocks. */
async function chatReplying(visitorId: string, title: string, content: string): Promise<string> {
  await db().visitor.upsert({ where: { id: visitorId }, create: { id: visitorId }, update: {} });
  const chat = await db().chat.create({ data: { visitorId, title, lastPosition: 1 } });
  const itemId = randomUUID();
  const { parts, blocks } = buildReply(content, { itemId, final: true, revision: 1 });
  await db().item.create({
    data: {
      id: itemId,
      chatId: chat.id,
      position: 1,
      role: "assistant",
      status: "complete",
      content,
      parts,
      blocks: JSON.parse(JSON.stringify(blocks)),
      revision: 1,
    },
  });
  return chat.id;
}

const starterReply = (name: string) =>
  SCENARIOS.find((scenario) => scenario.name === name)!.reply();
const ids = async (visitorId: string, text: string) =>
  (await searchChats(visitorId, text)).map((result) => result.chatId);
const matched = (result: { snippet: { text: string; match: boolean }[] | null } | undefined) =>
  result?.snippet?.filter((piece) => piece.match).map((piece) => piece.text);
const snippetText = (result: { snippet: { text: string }[] | null } | undefined) =>
  result?.snippet?.map((piece) => piece.text).join("");

describe("what a search looks for", () => {
  it("takes each piece typed as its words in a row, the last a prefix, and nothing else", () => {
    expect(searchTerms("Deploy  the build!")).toBe("'deploy':* & 'the':* & 'build':*");
    expect(searchTerms("it's ') | !x:*")).toBe("'it' <-> 's':* & 'x':*");
    expect(searchTerms("ada@example.com")).toBe("'ada' <-> 'example' <-> 'com':*");
    expect(searchTerms("camelCase")).toBe("('camelcase':* | 'camel' <-> 'case':*)");
    expect(searchTerms("  ?!  ")).toBeNull();
    expect(searchTerms("& | ! : * ( ) ' \\ % _")).toBeNull();
  });
});

describe("cutting text into words", () => {
  it("cuts in the database as it cuts here, so what is typed matches what was indexed", async () => {
    const text =
      "Done: **ada@example.com** src/app/page.tsx user_id camelCaseName HTTPServer v2Beta ABCDe aBCd café Ünïcode 東京 naïve-résumé 1.4 msg-1 \uE000x\uE001";
    const [row] = await db().$queryRaw<
      [{ words: string[] }]
    >`SELECT tsvector_to_array("search_words"(${text})) AS words`;
    const here = new Set([...textWords(text), ...casePieceWords(text)].map((word) => word.text));
    expect([...row.words].sort()).toEqual([...here].sort());
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
    // The characters are drawn as they are: nothing in a message marks a match.
    expect(found?.snippet?.map((piece) => piece.text).join("")).toContain(
      "\uE000fake\uE001 numbat",
    );
  });
});

describe("finding what was said, as people type it", () => {
  it("finds e-mail addresses, page addresses, domains, file paths and identifiers", async () => {
    const visitorId = randomUUID();
    const chat = await chatWith(visitorId, "Notes", [
      "Done: the email went to **ada@example.com** (message `msg-1`). The guide is at https://example.com/a/b, the page in `src/app/page.tsx`; it reads user_id through camelCaseName and HTTPServer.",
    ]);
    for (const typed of [
      "ada@example.com",
      "ada@exa",
      "example.com",
      "https://example.com/a/b",
      "example.com/a",
      "src/app/page.tsx",
      "page.tsx",
      "user_id",
      "camelCaseName",
      "camelcasename",
      "camelCase",
      "CaseName",
      "name",
      "HTTPServer",
      "server",
      "msg-1",
      "ADA@EXAMPLE.COM",
    ])
      expect(await ids(visitorId, typed), typed).toEqual([chat]);
    for (const typed of [
      "bob@example.com",
      "example.org",
      "src/lib/page.tsx",
      "user_ids",
      "com.example",
    ])
      expect(await ids(visitorId, typed), typed).toEqual([]);
  });

  it("finds the words of a block's text fallback and of a ChoiceList, never its source or an action's input", async () => {
    const visitorId = randomUUID();
    // Real replies of the demo agent's starters, stored as the app stores them.
    const rollout = await chatReplying(
      visitorId,
      "Release",
      blockFollowUp("Ship staging at 25%, with tests, docs checked. No need to tell the team.")!,
    );
    const email = await chatReplying(visitorId, "Notes", starterReply("send-email"));
    expect(await ids(visitorId, "canary")).toEqual([rollout]);
    expect(await ids(visitorId, "watched the canary")).toEqual([rollout]);
    // The prompt, a label and a description of the ChoiceList.
    for (const typed of [
      "Send the release notes?",
      "Send to Ada",
      "ada@example.com",
      "hold for now",
    ])
      expect(await ids(visitorId, typed), typed).toEqual([email]);
    // A block's source and an action's input are not drawn: "$confirm", "Version 1.4 is out".
    expect(await ids(visitorId, "confirm false")).toEqual([]);
    expect(await ids(visitorId, "version 1.4")).toEqual([]);

    const [found] = await searchChats(visitorId, "canary");
    expect(matched(found)).toEqual(["Canary", "canary"]);
    expect(snippetText(found)).toContain("I watched the canary dashboards");
    expect(snippetText(found)).not.toMatch(/[<>{}$`*]/);
  });

  it("draws a clean snippet: no Markdown, the hit whole, cut on words with ellipses", async () => {
    const visitorId = randomUUID();
    const before = Array.from({ length: 40 }, (_, index) => `before${index}`).join(" ");
    const after = Array.from({ length: 40 }, (_, index) => `after${index}`).join(" ");
    await chatWith(visitorId, "Long", [
      `${before} Done: the email went to **ada@example.com** (message \`msg-1\`), see [the guide](https://example.org/guide). ${after}`,
    ]);
    const [found] = await searchChats(visitorId, "ada@example.com");
    expect(matched(found)).toEqual(["ada@example.com"]);
    const text = snippetText(found)!;
    expect(text).toMatch(/^… \S/);
    expect(text).toMatch(/\S …$/);
    expect(text).toContain("the email went to ada@example.com (message msg-1), see the guide.");
    expect(text).not.toContain("example.org");
    expect(text.length).toBeLessThan(140);
    // Every word shown is a whole word of the text as drawn.
    const drawn = new Set(
      `${before} Done: the email went to ada@example.com (message msg-1), see the guide. ${after}`.split(
        " ",
      ),
    );
    for (const word of text.slice(2, -2).split(" ")) expect(drawn.has(word), word).toBe(true);
  });

  it("takes tsquery syntax and LIKE wildcards as the characters they are", async () => {
    const visitorId = randomUUID();
    const chat = await chatWith(visitorId, "Notes", [
      "The axb route, a 50% discount, and it's ready: (yes) & no | maybe!",
    ]);
    expect(await ids(visitorId, "a_b")).toEqual([]);
    expect(await ids(visitorId, "a%b")).toEqual([]);
    expect(await ids(visitorId, "50%")).toEqual([chat]);
    expect(await ids(visitorId, "it's")).toEqual([chat]);
    for (const typed of [
      "%",
      "_",
      "&",
      "|",
      "!",
      ":*",
      "(",
      ")",
      "'",
      "\\",
      "%_%",
      "' | '",
      "a\\xb",
    ])
      expect(await ids(visitorId, typed), typed).toEqual([]);
    for (const typed of ["(yes)", "yes&no", "no|maybe", "maybe!", "ready:*", "'ready'"])
      expect(await ids(visitorId, typed), typed).toEqual([chat]);
    expect(await ids(visitorId, "x".repeat(200))).toEqual([]);
  });

  it("never finds another visitor's chat by the address said in it", async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    const own = await chatReplying(mine, "Release", starterReply("send-email"));
    await chatWith(theirs, "Hers", ["Write to grace@example.net about it."]);
    expect(await ids(mine, "ada@example.com")).toEqual([own]);
    expect(await ids(theirs, "ada@example.com")).toEqual([]);
    expect(await ids(mine, "grace@example.net")).toEqual([]);
    expect(await ids(randomUUID(), "example")).toEqual([]);
  });
});

describe("the search statement over many chats", () => {
  let seed: SearchSeed;
  beforeAll(async () => {
    seed = await seedSearchChats(query, { visitorCount: 20, chats: 2_000, messagesPerChat: 10 });
  }, 120_000);

  // The planner picks the index from the statistics ANALYZE gathered over these rows (the seed's
  // VACUUM ANALYZE), not because scans are forbidden: over 20,000 items a visitor owns one in
  // twenty, so reading them all would cost more than the index. Each kind of search is planned and
  // run, and the index scan itself must find the visitor's matching items.
  it.each([
    ["two words", "rollback webhook"],
    ["an e-mail address", "rollback@example.com"],
    ["a domain in every message", "example.com"],
    ["a file path", "src/cache/index.ts"],
    ["an identifier", "cronHandler"],
  ])(
    "finds the visitor's items through the GIN index, never by reading every item: %s",
    async (_, typed) => {
      const [row] = await db().$queryRaw<
        [{ "QUERY PLAN": unknown }]
      >`EXPLAIN (ANALYZE, FORMAT JSON) ${searchStatement(seed.visitors[0]!, searchTerms(typed)!)}`;
      const found: number[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(visit);
        else if (node && typeof node === "object") {
          const step = node as Record<string, unknown>;
          if (step["Index Name"] === "Item_text_search_idx")
            found.push(Number(step["Actual Rows"]));
          Object.values(node).forEach(visit);
        }
      };
      visit(row["QUERY PLAN"]);
      expect(found.length).toBeGreaterThan(0);
      expect(found.reduce((sum, rows) => sum + rows, 0)).toBeGreaterThan(0);
      expect(JSON.stringify(row["QUERY PLAN"])).not.toMatch(/"Node Type":"Seq Scan"/);
    },
  );

  it("finds what the seeded messages hold, typed as an address or a path", async () => {
    const [visitorId] = seed.visitors;
    expect((await searchChats(visitorId!, "@example.com")).length).toBe(20);
    const [found] = await searchChats(visitorId!, "example.com/src");
    expect(found).toBeUndefined();
    const [path] = await searchChats(visitorId!, "src/cache/index.ts");
    expect(matched(path)).toEqual(["src/cache/index.ts"]);
    const [identifier] = await searchChats(visitorId!, "handler");
    expect(matched(identifier)).toEqual([expect.stringMatching(/^Handler$/)]);
  });
});
