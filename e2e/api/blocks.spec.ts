import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { compileStoredUi } from "../../lib/intelligent-ui";
import {
  choiceIdOf,
  createChat,
  sameOrigin,
  settledChat,
  textOf,
  type BlockBody,
} from "../support";
import { type Param, withSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

type Reply = {
  id: string;
  revision: number;
  parentToolUseId: string | null;
  blocks: Record<string, BlockBody>;
};

/** A chat whose first reply (to `message`) has finished, with that reply and its first block. */
async function replied(
  request: APIRequestContext,
  baseURL: string | undefined,
  message: string,
  index = 1,
) {
  const chatId = await createChat(request, baseURL, message);
  const chat = await settledChat(request, chatId);
  const reply = chat.items[index] as unknown as Reply;
  const block = Object.values(reply.blocks)[0]!;
  return { chatId, reply, block };
}

function chooser(
  request: APIRequestContext,
  baseURL: string | undefined,
  chatId: string,
  reply: Reply,
  block: BlockBody,
) {
  return (
    choiceId: string,
    values: Record<string, unknown>,
    options: { revision?: number; context?: APIRequestContext } = {},
  ) =>
    (options.context ?? request).post(`/api/chats/${chatId}/ui-choices`, {
      headers: sameOrigin(baseURL),
      data: {
        itemId: reply.id,
        blockId: block.id,
        revision: options.revision ?? reply.revision,
        choiceId,
        values,
      },
    });
}

/**
 * A finished reply whose stored block is `source`, compiled as the end of a turn compiles it: the
 * mock agent writes only its own scenarios, so blocks a test needs are stored here instead.
 */
async function repliedWith(
  request: APIRequestContext,
  baseURL: string | undefined,
  source: string,
) {
  const { chatId, reply } = await replied(request, baseURL, "Hello");
  const content = `\`\`\`ui\n${source}\n\`\`\``;
  const blocks = compileStoredUi(content, { id: reply.id }).map((block) => ({
    ...block,
    revision: reply.revision,
  }));
  const parts = blocks.map((block) => ({ kind: "block", blockId: block.id }));
  const updated = await withSession(testDatabaseUrl(), (sql) =>
    sql.unsafe(
      `UPDATE "Item" SET "content" = $1, "parts" = $2, "blocks" = $3 WHERE "id" = $4 AND "chatId" = $5`,
      [content, parts, blocks as unknown as Param, reply.id, chatId],
    ),
  );
  expect(updated.count).toBe(1);
  const block = blocks[0]! as unknown as BlockBody;
  return { chatId, reply, block, choose: chooser(request, baseURL, chatId, reply, block) };
}

const CHECKLIST = "Walk me through a release checklist";
const READY = { $checks: ["tests", "docs"], $notify: true, $rollout: 100, $target: "production" };

test.describe("chat.uiChoice over HTTP", () => {
  test("sends the choice's context once, answers a replay the same, refuses another choice", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    expect(reply.revision).toBe(1);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const release = choiceIdOf(block, "Release to");
    const first = await choose(release, READY);
    expect(first.status()).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({
      status: "sent",
      answer: { blockId: block.id, revision: 1, label: "Release to production", values: READY },
    });
    const again = await choose(release, READY);
    expect(await again.json()).toEqual(body);
    const other = await choose(choiceIdOf(block, "Hold"), READY);
    expect(other.status()).toBe(409);
    expect(await other.json()).toMatchObject({ code: "ui-already-answered" });

    const chat = await settledChat(request, chatId);
    const users = chat.items.filter((item) => item.role === "user").map(textOf);
    expect(users).toEqual([
      CHECKLIST,
      "Ship production at 100%, with tests, docs checked. Tell the team.",
    ]);
    // The agent walks on: its next reply is the rollout plan, a block of its own.
    expect(textOf(chat.items.at(-1)!)).toContain("Here is the rollout plan for **production**");
  });

  test("refuses forged values, stale revisions, unknown blocks, bad bodies, strangers and foreign origins", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const release = choiceIdOf(block, "Release to");
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...READY, $price: 0 }, 422, "refused_binding"],
      [{ ...READY, $target: "the-moon" }, 422, "invalid_value"],
      [{ ...READY, $rollout: 150 }, 422, "invalid_value"],
      [{ ...READY, $checks: ["tests", "deploy-anyway"] }, 422, "invalid_value"],
      [
        JSON.parse(`{"__proto__": {"admin": true}, "$target": "production"}`),
        422,
        "refused_binding",
      ],
      [{ target: "production" }, 422, "refused_binding"],
      // A disabled Choice: fewer than two checks.
      [{}, 422, "refused_choice"],
    ];
    for (const [values, status, code] of refusals) {
      const response = await choose(release, values);
      expect(response.status(), JSON.stringify(values)).toBe(status);
      expect(await response.json()).toMatchObject({ code });
    }
    const stale = await choose(release, READY, { revision: 2 });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale-ui-block", reason: "revision" });
    const unknown = await chooser(request, baseURL, chatId, reply, {
      ...block,
      id: `${reply.id}:ui:9999`,
    })(release, READY);
    expect(unknown.status()).toBe(404);
    for (const data of [
      { itemId: reply.id, blockId: block.id, revision: 1, choiceId: release, values: [] },
      {
        itemId: reply.id,
        blockId: block.id,
        revision: 1,
        choiceId: release,
        values: {},
        label: "forged",
      },
    ]) {
      const malformed = await request.post(`/api/chats/${chatId}/ui-choices`, {
        headers: sameOrigin(baseURL),
        data,
      });
      expect(malformed.status()).toBe(400);
    }
    const foreign = await request.post(`/api/chats/${chatId}/ui-choices`, {
      headers: { ...sameOrigin(baseURL), origin: "https://evil.example" },
      data: { itemId: reply.id, blockId: block.id, revision: 1, choiceId: release, values: READY },
    });
    expect(foreign.status()).toBe(403);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      expect((await choose(release, READY, { context: stranger })).status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items).toHaveLength(2);
    // After all of that the block is still open to a valid pick.
    expect((await choose(release, READY)).status()).toBe(200);
  });

  test("lets exactly one of 50 concurrent picks of different choices win, with one answer and one message", async ({
    request,
    baseURL,
  }) => {
    const options = Array.from(
      { length: 50 },
      (_, index) => `  <Choice context="Option ${index} please">Option ${index}</Choice>`,
    );
    const { chatId, block, choose } = await repliedWith(
      request,
      baseURL,
      `<Choices>\n${options.join("\n")}\n</Choices>`,
    );
    const ids = Array.from({ length: 50 }, (_, index) => choiceIdOf(block, `Option ${index}`));
    expect(new Set(ids).size).toBe(50);
    const responses = await Promise.all(ids.map((id) => choose(id, {})));
    const statuses = responses.map((response) => response.status());
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((response) => response.status() !== 200)) {
      expect(response.status()).toBe(409);
      expect(await response.json()).toMatchObject({ code: "ui-already-answered" });
    }
    const winner = (await responses.find((response) => response.status() === 200)!.json()) as {
      answer: { choiceId: string };
    };
    const chat = await settledChat(request, chatId);
    const picked = chat.items.filter((item) => item.role === "user").slice(1);
    expect(picked.map(textOf)).toEqual([`Option ${ids.indexOf(winner.answer.choiceId)} please`]);
  });

  test("answers many concurrent identical picks alike, with one message", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const choose = chooser(request, baseURL, chatId, reply, block);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => choose(choiceIdOf(block, "Release to"), READY)),
    );
    expect(responses.map((response) => response.status())).toEqual(
      Array.from({ length: 10 }, () => 200),
    );
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user")).toHaveLength(2);
  });

  test("refuses a value only a hidden Button could set, and values too large to check, writing nothing", async ({
    request,
    baseURL,
  }) => {
    const hidden = await repliedWith(
      request,
      baseURL,
      `$ready = false
$seats = 5
<Switch value={$ready}>Ready</Switch>
<Show when={$ready}><Button action={@Set($seats, 50)}>Many seats</Button></Show>
<Choices><Choice context={"Buy " + $seats + " seats"}>Buy</Choice></Choices>`,
    );
    const buy = choiceIdOf(hidden.block, "Buy");
    // The Button is hidden while the switch is off: nothing on that screen could set 50 seats.
    const forged = await hidden.choose(buy, { $ready: false, $seats: 50 });
    expect(forged.status()).toBe(422);
    expect(await forged.json()).toMatchObject({ code: "invalid_value" });

    // Cheap as drawn; two ticked items open 3,600 repetitions, past the block's iteration budget.
    const large = await repliedWith(
      request,
      baseURL,
      `$n = []
$l = [${Array.from({ length: 60 }, (_, index) => index).join(", ")}]
<Checklist value={$n}><Item value={1}>One</Item><Item value={2}>Two</Item></Checklist>
<Show when={@Count($n) > 1}><Each items={$l} as="a"><Each items={$l} as="b"><Tag>{a}{b}</Tag></Each></Each></Show>
<Choices><Choice context="Go ahead">Go</Choice></Choices>`,
    );
    const go = choiceIdOf(large.block, "Go");
    const tooLarge = await large.choose(go, { $n: [1, 2] });
    expect(tooLarge.status()).toBe(422);
    expect(await tooLarge.json()).toMatchObject({ code: "budget_exceeded" });

    for (const { chatId } of [hidden, large])
      expect((await settledChat(request, chatId)).items).toHaveLength(2);
    // Valid picks on the same blocks go through.
    expect((await hidden.choose(buy, { $ready: true, $seats: 50 })).status()).toBe(200);
    expect((await large.choose(go, { $n: [1] })).status()).toBe(200);
  });

  test("refuses a pick while the reply is being written again as stale-ui-block, writing nothing", async ({
    request,
    baseURL,
  }) => {
    // Written slowly, once and then again: each writing streams for seconds.
    test.setTimeout(120_000);
    const { chatId, reply, block } = await replied(request, baseURL, `${CHECKLIST}, slowly`);
    const regenerate = await request.post(`/api/chats/${chatId}/items/${reply.id}/regenerate`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(regenerate.status()).toBe(202);
    await expect
      .poll(async () => {
        const chat = (await (await request.get(`/api/chats/${chatId}?from=0`)).json()) as {
          items: Array<{ status: string }>;
        };
        return chat.items[1]!.status;
      })
      .toBe("streaming");
    // A page that drew the first writing picks from it while the second streams.
    const response = await chooser(
      request,
      baseURL,
      chatId,
      reply,
      block,
    )(choiceIdOf(block, "Hold"), {});
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: "stale-ui-block", reason: "streaming" });
    const chat = await settledChat(request, chatId, 60_000);
    expect(chat.items).toHaveLength(2);
    expect(chat.items[1]).toMatchObject({ status: "complete", revision: 2, uiAnswers: {} });
  });

  test("refuses a subagent's block: it is drawn to be read, not answered", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, block } = await replied(
      request,
      baseURL,
      "Ask a subagent to check the build",
      2,
    );
    expect(reply.parentToolUseId).toBe("toolu_checks_subagent");
    const response = await chooser(
      request,
      baseURL,
      chatId,
      reply,
      block,
    )(choiceIdOf(block, "Rerun"), {});
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: "stale-ui-block", reason: "subagent" });
  });

  test("regenerates the last reply as a new revision; the old revision is refused", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, block } = await replied(request, baseURL, CHECKLIST);
    const regenerate = await request.post(`/api/chats/${chatId}/items/${reply.id}/regenerate`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(regenerate.status()).toBe(202);
    const chat = await settledChat(request, chatId);
    const again = chat.items[1] as unknown as Reply;
    expect(again).toMatchObject({ id: reply.id, revision: 2 });
    const choose = chooser(request, baseURL, chatId, reply, block);
    const old = await choose(choiceIdOf(block, "Hold"), {}, { revision: 1 });
    expect(old.status()).toBe(409);
    expect(await old.json()).toMatchObject({ code: "stale-ui-block" });
    expect((await choose(choiceIdOf(block, "Hold"), {}, { revision: 2 })).status()).toBe(200);
    const notLast = await request.post(`/api/chats/${chatId}/items/${reply.id}/regenerate`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(notLast.status()).toBe(409);
    expect(await notLast.json()).toMatchObject({ code: "cannot-regenerate" });
  });
});
