import { expect, test } from "./contract";
import { choiceIdOf, createChat, sameOrigin, settledChat, type BlockBody } from "../support";
import { type Param, withSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

test("a chat's queue is bounded: past its limit a message gets 429 with Retry-After and nothing is written", async ({
  request,
  baseURL,
}) => {
  const chatId = await createChat(request, baseURL, "Tell me a long story, slowly");
  const send = (text: string) =>
    request.post(`/api/chats/${chatId}/messages`, { headers: sameOrigin(baseURL), data: { text } });
  for (let index = 0; index < 20; index++) {
    const queued = await send(`waiting ${index}`);
    expect(queued.status()).toBe(202);
    expect(await queued.json()).toMatchObject({ status: "queued" });
  }
  const refused = await send("one too many");
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toBe("10");
  expect(await refused.json()).toMatchObject({ code: "queue-full" });
  const chat = await settledChat(request, chatId);
  expect(chat.items.filter((item) => item.role === "user")).toHaveLength(21);
});

test("a pick queued behind a running reply is given its own turn when queued; that turn runs it, and a replay names it too", async ({
  request,
  baseURL,
}) => {
  const chatId = await createChat(request, baseURL, "Triage the failing build");
  const reply = (await settledChat(request, chatId)).items[1] as unknown as {
    id: string;
    revision: number;
    blocks: Record<string, BlockBody>;
    readings: Record<string, Record<string, { readId: string }>>;
  };
  const block = Object.values(reply.blocks)[0]!;
  const pick = {
    itemId: reply.id,
    blockId: block.id,
    revision: reply.revision,
    choiceId: choiceIdOf(block, "Summarise"),
    values: {},
    reads: { $runs: reply.readings[block.id]!["$runs"]!.readId },
  };
  const choose = async () => {
    const response = await request.post(`/api/chats/${chatId}/ui-choices`, {
      headers: sameOrigin(baseURL),
      data: pick,
    });
    expect(response.status()).toBeLessThan(300);
    return (await response.json()) as { status: string; answer: Answer };
  };
  expect(
    (
      await request.post(`/api/chats/${chatId}/messages`, {
        headers: sameOrigin(baseURL),
        data: { text: "Tell me a long story, slowly" },
      })
    ).ok(),
  ).toBe(true);
  const running = await turnsOf(chatId);
  expect(running).toHaveLength(2);

  const queued = await choose();
  expect(queued).toMatchObject({ status: "queued", answer: { queued: true } });
  const turnId = queued.answer.turnId;
  expect(turnId).not.toBeNull();
  expect(running.map((turn) => turn.id)).not.toContain(turnId);
  expect(await choose()).toEqual(queued);
  // The queued message carries the pick whole, as its answer records it.
  expect(await queuedOrigins(chatId)).toEqual([originOf(queued.answer)]);

  const chat = await settledChat(request, chatId);
  const message = chat.items.find(
    (item) => (item as unknown as { origin: { kind: string } | null }).origin?.kind === "uiChoice",
  )!;
  const turns = await turnsOf(chatId);
  expect(turns.find((turn) => turn.triggerItemId === message.id)).toMatchObject({
    id: turnId,
    status: "finished",
  });
  expect(await choose()).toMatchObject({
    status: "sent",
    answer: { ...queued.answer, queued: false, turnId },
  });
});

type Answer = {
  itemId: string;
  blockId: string;
  revision: number;
  choiceId: string;
  label: string;
  values: unknown;
  sourceAt: string;
  older: boolean;
  at: string;
  turnId: string | null;
  queued: boolean;
};

function originOf({
  itemId,
  blockId,
  revision,
  choiceId,
  label,
  values,
  sourceAt,
  older,
  at,
}: Answer) {
  return {
    kind: "uiChoice",
    itemId,
    blockId,
    revision,
    choiceId,
    label,
    values,
    sourceAt,
    older,
    at,
  };
}

/** Rows the API does not show: a chat's turns and the origins of its waiting messages. */
async function query<Row>(text: string, params: Param[]): Promise<Row[]> {
  return [...(await withSession(testDatabaseUrl(), (sql) => sql.unsafe(text, params)))] as Row[];
}

const turnsOf = (chatId: string) =>
  query<{ id: string; triggerItemId: string; status: string }>(
    `SELECT "id", "triggerItemId", "status"::text AS "status" FROM "Turn" WHERE "chatId" = $1 ORDER BY "startedAt"`,
    [chatId],
  );

const queuedOrigins = async (chatId: string) =>
  (
    await query<{ origin: unknown }>(
      `SELECT "origin" FROM "QueuedMessage" WHERE "chatId" = $1 AND "dispatchedAt" IS NULL ORDER BY "id"`,
      [chatId],
    )
  ).map((row) => row.origin);
