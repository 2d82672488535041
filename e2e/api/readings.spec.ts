import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import {
  choiceIdOf,
  createChat,
  runSql,
  sameOrigin,
  settledChat,
  type BlockBody,
} from "../support";

type Reading = {
  readId: string | null;
  state: string;
  reason: { code: string; message: string } | null;
};
type Reply = {
  id: string;
  revision: number;
  blocks: Record<string, BlockBody & { fallback: string }>;
};

/** The build triage over HTTP: its live block, and what a page does to it. */
async function triage(request: APIRequestContext, baseURL: string | undefined) {
  const chatId = await createChat(request, baseURL, "Triage the failing build");
  const reply = (await settledChat(request, chatId)).items[1] as unknown as Reply;
  const block = Object.values(reply.blocks)[0]!;
  const target = { itemId: reply.id, blockId: block.id, revision: reply.revision };
  const headers = sameOrigin(baseURL);
  return {
    chatId,
    itemId: reply.id,
    block,
    read: (values: Record<string, unknown>) =>
      request.post(`/api/chats/${chatId}/ui-queries`, {
        headers,
        data: { ...target, query: "$runs", values },
      }),
    pick: (values: Record<string, unknown>, reads: Record<string, string>) =>
      request.post(`/api/chats/${chatId}/ui-choices`, {
        headers,
        data: { ...target, choiceId: choiceIdOf(block, "Summarise for the team"), values, reads },
      }),
    grant: (granted: boolean) =>
      request.post(`/api/chats/${chatId}/grants`, { headers, data: { grant: "ci", granted } }),
  };
}

test.describe("readings over HTTP", () => {
  test("the frozen fallback the agent reads back ends with the sources its queries read", async ({
    request,
    baseURL,
  }) => {
    const { block } = await triage(request, baseURL);
    expect(block.fallback.split("\n").at(-1)).toBe("Sources: $runs: ci.runs");
  });

  test("a pick after CI access was withdrawn is refused with the source's code; once restored it is accepted", async ({
    request,
    baseURL,
  }) => {
    const { read, pick, grant } = await triage(request, baseURL);
    const { reading } = (await (await read({ $branch: "dev" })).json()) as { reading: Reading };
    expect(reading.state).toBe("fresh");
    const withdrawn = await grant(false);
    expect(withdrawn.status()).toBe(200);
    expect(await withdrawn.json()).toEqual({
      grants: [{ grant: "ci", label: "Read this project's CI runs", granted: false }],
    });
    const refused = await pick({ $branch: "dev" }, { $runs: reading.readId! });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      code: "source-refused",
      reason: "ci-access-withdrawn",
      message: "CI access was withdrawn from this chat; restore it to see the runs.",
    });
    expect((await grant(true)).status()).toBe(200);
    const accepted = await pick({ $branch: "dev" }, { $runs: reading.readId! });
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toMatchObject({
      status: "sent",
      answer: { label: "Summarise for the team" },
    });
  });

  test("a read of one query within 250 ms of the last, whatever its inputs, is paced with 429 refresh-limit", async ({
    request,
    baseURL,
  }) => {
    const { read, itemId } = await triage(request, baseURL);
    expect((await read({ $branch: "dev" })).status()).toBe(200);
    // As if that read began a moment from now, whatever the machine's pace.
    await runSql(
      `UPDATE "UiReading" SET "startedAt" = now() + interval '200 milliseconds' WHERE "itemId" = $1::uuid AND NOT "frozen"`,
      [itemId],
    );
    const paced = await read({ $branch: "release" });
    expect(paced.status()).toBe(429);
    expect(paced.headers()["retry-after"]).toBe("1");
    expect(await paced.json()).toMatchObject({
      code: "refresh-limit",
      retryAfterMs: expect.any(Number),
    });
  });

  test("the grants route refuses strangers, foreign origins and unknown grants", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId } = await triage(request, baseURL);
    const unknown = await request.post(`/api/chats/${chatId}/grants`, {
      headers: sameOrigin(baseURL),
      data: { grant: "payroll", granted: false },
    });
    expect(unknown.status()).toBe(400);
    const foreign = await request.post(`/api/chats/${chatId}/grants`, {
      headers: { ...sameOrigin(baseURL), origin: "https://evil.example" },
      data: { grant: "ci", granted: false },
    });
    expect(foreign.status()).toBe(403);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const answer = await stranger.post(`/api/chats/${chatId}/grants`, {
        headers: sameOrigin(baseURL),
        data: { grant: "ci", granted: false },
      });
      expect(answer.status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
  });
});
