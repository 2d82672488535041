import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createChat as startChat } from "@/lib/chat/chats/manage";
import { instant, replying } from "@/scripts/test/ui-query-fixtures";
import { setChatGrant } from "@/lib/chat/readings/grants";
import { runChat } from "@/lib/chat/turns/run";
import type { ChatView, ItemView } from "@/lib/chat/wire";
import { appConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { signVisitorId, VISITOR_COOKIE } from "@/lib/http/visitor";
import { GET as viewChat } from "./chats/[chatId]/route";
import { GET as listGrants, POST as setGrant } from "./chats/[chatId]/grants/route";
import { POST as choose } from "./chats/[chatId]/ui-choices/route";
import { POST as query } from "./chats/[chatId]/ui-queries/route";

// Sources only this file registers, beside the demo's: one that holds its reads until released,
// one answering results of a chosen size, one whose reads refuse in their own words.
const held = vi.hoisted(() => {
  const state = {
    reads: 0,
    release: () => {},
    gate: Promise.resolve(),
    reached: null as null | (() => void),
  };
  return {
    state,
    hold() {
      state.gate = new Promise<void>((resolve) => (state.release = resolve));
      return new Promise<void>((resolve) => (state.reached = resolve));
    },
  };
});

vi.mock("@/lib/live-sources", async (original) => {
  const real = await original<typeof import("@/lib/live-sources")>();
  const { z } = await import("zod");
  const always = () => true;
  const testSources = [
    real.defineLiveSource({
      name: "test.held",
      description: "Held until released.",
      args: z.strictObject({ key: z.string() }),
      result: z.object({ key: z.string(), serial: z.number() }),
      authorize: always,
      read: async ({ key }) => {
        const serial = ++held.state.reads;
        held.state.reached?.();
        await held.state.gate;
        return { key, serial };
      },
    }),
    real.defineLiveSource({
      name: "test.blob",
      description: "`kib` items of about 1 KiB each.",
      args: z.strictObject({ kib: z.number().int().min(0).max(60) }),
      result: z.object({ items: z.array(z.string()) }),
      authorize: always,
      read: async ({ kib }) => ({ items: Array.from({ length: kib }, () => "x".repeat(1_000)) }),
    }),
    real.defineLiveSource({
      name: "test.down",
      description: "Down for maintenance.",
      args: z.strictObject({}),
      result: z.object({}),
      authorize: always,
      read: async () => {
        throw new real.SourceRefusal(
          "upstream-maintenance",
          "The CI server is down for maintenance until 14:00 UTC.",
        );
      },
    }),
  ];
  return {
    ...real,
    LIVE_SOURCES: real.liveSourceMap([...real.LIVE_SOURCES.values(), ...testSources]),
  };
});

// A pick sends a message whose turn runs after the response; these tests stop at the response.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: () => {},
}));

afterAll(async () => {
  await disconnectDb();
});

const ORIGIN = "http://localhost:3000";
const params = (chatId: string) => ({ params: Promise.resolve({ chatId }) });

/** A new visitor's chat whose first reply is `reply` (the demo's build triage by default), seen over HTTP. */
async function chat(
  message = "Triage the failing build",
  reply?: string,
  { withdrawnFirst = false } = {},
) {
  const visitorId = randomUUID();
  const cookie = `${VISITOR_COOKIE}=${await signVisitorId(visitorId, appConfig().sessionSecret)}`;
  const { chatId } = await startChat({ visitorId, message });
  if (withdrawnFirst) await setChatGrant({ visitorId, chatId, grant: "ci", granted: false });
  await runChat(chatId, reply === undefined ? instant : replying(reply));
  const send = (path: string, body: unknown) =>
    new Request(`${ORIGIN}/api/chats/${chatId}${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const view = async () =>
    (await (
      await viewChat(
        new Request(`${ORIGIN}/api/chats/${chatId}`, { headers: { cookie } }),
        params(chatId),
      )
    ).json()) as ChatView;
  const item = (await view()).items[1] as ItemView;
  const block = Object.values(item.blocks)[0]!;
  const target = { itemId: item.id, blockId: block.id, revision: item.revision };
  return {
    visitorId,
    chatId,
    item,
    block,
    view,
    read: (values: Record<string, unknown>, name = "$runs") =>
      query(send("/ui-queries", { ...target, query: name, values }), params(chatId)),
    pick: (label: string, values: Record<string, unknown>, reads: Record<string, string>) =>
      choose(
        send("/ui-choices", {
          ...target,
          choiceId: choiceIdByLabel(block.nodes, label),
          values,
          reads,
        }),
        params(chatId),
      ),
    grant: (granted: boolean) =>
      setGrant(send("/grants", { grant: "ci", granted }), params(chatId)),
    grants: async () =>
      (await (
        await listGrants(
          new Request(`${ORIGIN}/api/chats/${chatId}/grants`, { headers: { cookie } }),
          params(chatId),
        )
      ).json()) as unknown,
  };
}

type Reading = {
  readId: string | null;
  state: string;
  reason: { code: string; message: string } | null;
};
const readingOf = async (response: Response) =>
  ((await response.json()) as { reading: Reading }).reading;

const ui = (lines: string[]) => ["```ui", ...lines, "```"].join("\n");

describe("the frozen fallback", () => {
  it("ends with the sources its queries read and a line for each first reading that did not come back", async () => {
    const block = ui([
      `$runs = @Query("ci.runs", {branch: "main"})`,
      `$deploy = @Query("deploy.status", {service: "billing"})`,
      `$down = @Query("test.down", {})`,
      `<Summary>{$runs.failing} failing</Summary>`,
    ]);
    const { item, block: stored } = await chat("Sources", `Here:\n\n${block}\n`);
    const lines = stored.fallback.split("\n");
    expect(lines.slice(-3)).toEqual([
      "Sources: $runs: ci.runs, $deploy: deploy.status, $down: test.down",
      "$deploy refused: billing-private",
      "$down failed: upstream-maintenance",
    ]);
    // The readings carry each source's own code and sentence.
    expect(item.readings[stored.id]).toMatchObject({
      $deploy: {
        state: "refused",
        reason: {
          code: "billing-private",
          message: "Billing deploys are visible to the billing team only.",
        },
      },
      $down: {
        state: "failed",
        reason: {
          code: "upstream-maintenance",
          message: "The CI server is down for maintenance until 14:00 UTC.",
        },
      },
    });
  });

  it("keeps no value of a snapshot over 128 KiB: each reading is snapshot-too-large, and the fallbacks are drawn without them", async () => {
    const blob = ui([
      `$a = @Query("test.blob", {kib: 16})`,
      `<Summary>{@Count($a.items)} items</Summary>`,
    ]);
    const one = await chat("One blob", `${blob}\n`);
    expect(one.item.readings[one.block.id]!["$a"]).toMatchObject({ state: "fresh" });
    expect(one.block.fallback).toBe("16 items\nSources: $a: test.blob");
    // Nine such blocks read about 144 KB together.
    const nine = await chat(
      "Nine blobs",
      `${Array.from({ length: 9 }, () => blob).join("\n\n")}\n`,
    );
    expect(Object.keys(nine.item.blocks)).toHaveLength(9);
    for (const [blockId, block] of Object.entries(nine.item.blocks)) {
      expect(nine.item.readings[blockId]!["$a"]).toMatchObject({
        state: "failed",
        readId: null,
        reason: { code: "snapshot-too-large" },
      });
      expect(block.fallback).not.toContain("16 items");
      expect(block.fallback.split("\n").slice(-2)).toEqual([
        "Sources: $a: test.blob",
        "$a failed: snapshot-too-large",
      ]);
      expect(block.fallback.length).toBeLessThan(
        one.block.fallback.length + "$a failed: snapshot-too-large".length,
      );
    }
  });

  it("stores a reply whose first reading is more than its block can draw, its fallback as written", async () => {
    const { item, block } = await chat(
      "A large blob",
      `${ui([`$a = @Query("test.blob", {kib: 50})`, `<Summary>Blob</Summary>`])}\n`,
    );
    expect(item.status).toBe("complete");
    expect(item.readings[block.id]!["$a"]).toMatchObject({ state: "fresh" });
    expect(block.fallback).toBe("Blob\nSources: $a: test.blob");
  });
});

describe("ui.query", () => {
  it("shares one read of the source, and one read id, between two identical reads in flight", async () => {
    const block = ui([
      `$k = "a"`,
      `$v = @Query("test.held", {key: $k})`,
      `<Segmented value={$k}><Option value="a">A</Option><Option value="b">B</Option></Segmented>`,
    ]);
    const { read, item } = await chat("Held", `${block}\n`);
    const before = held.state.reads;
    const reached = held.hold();
    const first = read({ $k: "b" }, "$v");
    await reached;
    const second = read({ $k: "b" }, "$v");
    // The second waits on the first's single-flight lock in Postgres (or, without one, reaches the source too).
    await Promise.race([
      waitingOnAdvisoryLock(),
      new Promise<void>((resolve) => (held.state.reached = resolve)),
    ]);
    held.state.release();
    const [one, two] = await Promise.all([first, second]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const [a, b] = [await readingOf(one), await readingOf(two)];
    expect(a.state).toBe("fresh");
    expect(b.readId).toBe(a.readId);
    expect(held.state.reads - before).toBe(1);
    expect(await db().uiReading.count({ where: { itemId: item.id, frozen: false } })).toBe(1);
  });

  it("reads one query at most once per 250 ms whatever its inputs: the next is 429 refresh-limit with Retry-After", async () => {
    const { read, item } = await chat();
    expect((await read({ $branch: "dev" })).status).toBe(200);
    // As if that read began this instant, whatever the machine's pace.
    await db().uiReading.updateMany({
      where: { itemId: item.id, frozen: false },
      data: { startedAt: new Date() },
    });
    const paced = await read({ $branch: "release" });
    expect(paced.status).toBe(429);
    expect(Number(paced.headers.get("retry-after"))).toBe(1);
    const body = (await paced.json()) as { code: string; retryAfterMs: number };
    expect(body).toMatchObject({ code: "refresh-limit" });
    expect(body.retryAfterMs).toBeGreaterThan(0);
    expect(body.retryAfterMs).toBeLessThanOrEqual(250);
    expect(await db().uiReading.count({ where: { itemId: item.id, frozen: false } })).toBe(1);
  });

  it("counts against the visitor's request limit like every state-changing route", async () => {
    const { read, visitorId } = await chat();
    const count = async () =>
      (await db().requestWindow.findUnique({ where: { visitorId } }))?.count ?? 0;
    const before = await count();
    expect((await read({ $branch: "dev" })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe("a choice on a live block", () => {
  it("is authorised again with the reply's grants: refused with the source's code once CI access is withdrawn, accepted once restored", async () => {
    const { read, pick, grant, grants, item } = await chat();
    const reading = await readingOf(await read({ $branch: "dev" }));
    expect(reading.state).toBe("fresh");
    const reads = { $runs: reading.readId! };
    expect((await grant(false)).status).toBe(200);
    expect(await grants()).toEqual({
      grants: [{ grant: "ci", label: "Read this project's CI runs", granted: false }],
    });
    const refused = await pick("Summarise for the team", { $branch: "dev" }, reads);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "source-refused",
      reason: "ci-access-withdrawn",
      message: "CI access was withdrawn from this chat; restore it to see the runs.",
    });
    // Reads meanwhile are refused in the source's words (the dev read counted as a second ago, past its 250 ms).
    await db().uiReading.updateMany({
      where: { itemId: item.id, frozen: false },
      data: { startedAt: new Date(Date.now() - 1_000) },
    });
    expect(await readingOf(await read({ $branch: "main" }))).toMatchObject({
      state: "refused",
      reason: { code: "ci-access-withdrawn" },
    });
    expect((await grant(true)).status).toBe(200);
    const accepted = await pick("Summarise for the team", { $branch: "dev" }, reads);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      status: "sent",
      answer: { label: "Summarise for the team" },
    });
  });

  it("never gains grants its reply did not run with, and no page sees them", async () => {
    // The reply finished while CI access was withdrawn: restoring it opens reads again, not the reply's choices.
    const { read, pick, grant, item, block, view } = await chat(undefined, undefined, {
      withdrawnFirst: true,
    });
    expect(item.readings[block.id]!["$runs"]).toMatchObject({
      state: "refused",
      readId: null,
      reason: { code: "ci-access-withdrawn" },
    });
    expect(block.fallback.split("\n").slice(-2)).toEqual([
      "Sources: $runs: ci.runs",
      "$runs refused: ci-access-withdrawn",
    ]);
    expect((await grant(true)).status).toBe(200);
    const reading = await readingOf(await read({}));
    expect(reading.state).toBe("fresh");
    const refused = await pick("Summarise for the team", {}, { $runs: reading.readId! });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "source-refused",
      reason: "ci-access-withdrawn",
    });
    expect(JSON.stringify(await view())).not.toMatch(/"(rights|grants)"/);
  });
});

/** Resolves once some session waits for an advisory lock (no event says so: the database is asked). */
async function waitingOnAdvisoryLock(): Promise<void> {
  for (;;) {
    const [row] = await db().$queryRaw<
      { waiting: bigint }[]
    >`SELECT count(*) AS "waiting" FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
    if (Number(row?.waiting ?? 0) > 0) return;
  }
}
