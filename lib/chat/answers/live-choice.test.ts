import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { sendMessage } from "../chats/send-message";
import { behindChatLock } from "../../../scripts/test/contention";
import { regenerateReply } from "../turns/regenerate";
import { runChat } from "../turns/run";
import type { ReadingView } from "../wire";
import {
  heldRuns,
  instant,
  liveChat,
  numberedRuns,
  pickedText,
  reloaded,
  triage,
} from "../../../scripts/test/ui-query-fixtures";

afterAll(async () => {
  await disconnectDb();
});

const stale = { code: "stale-ui-query", reason: "stale-read" };
const summary = (reading: ReadingView) =>
  `Summarise dev for the team: ${(reading.value as { failing: number }).failing} of 0 jobs failing.`;

describe("a choice racing new readings of its block", () => {
  it("is resolved with exactly the reading whose id it presents: never a newer, an older, or a pending one", async () => {
    const { chatId, blocks } = await liveChat([
      "Triage the failing build",
      "/triage",
      "Triage the failing build",
    ]);
    const [first, second, third] = blocks as [
      (typeof blocks)[0],
      (typeof blocks)[0],
      (typeof blocks)[0],
    ];
    const runs = numberedRuns();
    const dev = { $branch: "dev" };
    // Each block gets an older, a current and a newer fresh reading of dev, 11 s apart (past the
    // 10 s cache), all still held; every reading quotes its own number.
    const now = Date.now();
    const readingsOf = async (block: typeof first) => {
      const issued: ReadingView[] = [];
      for (const offset of [-22_000, -11_000, 0])
        issued.push(await block.read(dev, { sources: runs.sources, now: () => now + offset }));
      return issued;
    };
    const [older1, current1, newer1] = await readingsOf(first);
    const [older2, current2, newer2] = await readingsOf(second);
    await readingsOf(third);
    // And two newer ones are under way: their rows are pending while the picks read.
    const held = runs.held();
    const underWay = [
      first.read(dev, { sources: held.sources, now: () => now + 11_000 }),
      third.read(dev, { sources: held.sources, now: () => now + 11_000 }),
    ];
    await held.started(2);
    const pendingOfThird = await db().uiReading.findFirstOrThrow({
      where: { itemId: third.itemId, state: "pending" },
    });

    let newest: ReadingView[] = [];
    const summarise = (block: typeof first, readId: string) => () =>
      block.choose("Summarise for the team", dev, { $runs: readId });
    const results = await behindChatLock(
      chatId,
      [
        summarise(third, pendingOfThird.id),
        summarise(third, current1!.readId!),
        summarise(first, current1!.readId!),
        summarise(second, older2!.readId!),
        summarise(third, pendingOfThird.id),
      ],
      {
        inOrder: true,
        // Once every pick has read, the held readings land: the first pick to run saw them
        // pending; the later ones read again after the pick before them wrote, and see them fresh.
        whileHeld: async () => {
          held.release();
          newest = await Promise.all(underWay);
        },
      },
    );

    expect(results.map((result) => result.status)).toEqual([
      "rejected",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    // A pending row proves nothing, nor a reading of another block for the same arguments.
    expect(results[0]).toMatchObject({ reason: stale });
    expect(results[1]).toMatchObject({ reason: stale });
    for (const result of results.slice(2))
      expect(result).toMatchObject({ value: { answer: { values: dev } } });
    expect(await pickedText(first)).toBe(summary(current1!));
    expect(await pickedText(second)).toBe(summary(older2!));
    // The row that was pending became a fresh reading, and the pick presenting its id quotes it.
    expect(newest[1]!.readId).toBe(pendingOfThird.id);
    expect(await pickedText(third)).toBe(summary(newest[1]!));
    // Every reading quotes a number of its own, so no other one could have produced those texts.
    const quoted = [older1, current1, newer1, older2, current2, newer2, ...newest].map((reading) =>
      summary(reading!),
    );
    expect(new Set(quoted).size).toBe(quoted.length);
  });
});

describe("a read under way", () => {
  it("holds no lock and no transaction: the chat takes a message and a pick on another block meanwhile", async () => {
    const { chatId, visitorId, blocks } = await liveChat(["Triage the failing build", "/triage"]);
    const [reading, other] = blocks as [(typeof blocks)[0], (typeof blocks)[0]];
    const held = heldRuns(({ branch }) => ({
      branch,
      window: 0,
      failing: 0,
      failedJobs: [],
      runs: [],
    }));
    const underWay = reading.read({ $branch: "dev" }, { sources: held.sources });
    await held.started(1);
    expect(
      await db().uiReading.count({ where: { itemId: reading.itemId, state: "pending" } }),
    ).toBe(1);
    // Neither the chat's row nor the reply's is locked by the read: a lock that does not wait gets both.
    await db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "Chat" WHERE "id" = ${chatId}::uuid FOR UPDATE NOWAIT`;
      await tx.$queryRaw`SELECT "id" FROM "Item" WHERE "id" = ${reading.itemId}::uuid FOR UPDATE NOWAIT`;
    });
    await expect(
      other.choose("Summarise for the team", {}, { $runs: other.frozen!.readId! }),
    ).resolves.toMatchObject({ status: "sent" });
    await expect(
      sendMessage({ visitorId, chatId, text: "Meanwhile, one more thing" }),
    ).resolves.toBeDefined();
    held.release();
    await expect(underWay).resolves.toMatchObject({ state: "fresh", args: { branch: "dev" } });
  });
});

const LIVE_BLOCK = `\`\`\`ui
$branch = "main"
$runs = @Query("ci.runs", {branch: $branch})
<Segmented value={$branch}><Option value="main">main</Option><Option value="dev">dev</Option></Segmented>
<Choices><Choice context={"Summarise " + $branch + " for the team: " + $runs.failing + " of " + @Count($runs.runs) + " jobs failing."}>Summarise for the team</Choice></Choices>
\`\`\``;

/** An agent whose reply carries two live blocks of the same query. */
const twoBlocks: Agent = {
  async *reply() {
    yield { type: "text", text: `Two views of CI.\n\n${LIVE_BLOCK}\n\n${LIVE_BLOCK}\n` };
  },
};

describe("a choice presenting a reading of the same query and arguments", () => {
  it("is refused when the reading is of another block of the same reply", async () => {
    const { blocks } = await liveChat(["Show CI twice"], twoBlocks);
    const [left, right] = blocks as [(typeof blocks)[0], (typeof blocks)[0]];
    expect(left.itemId).toBe(right.itemId);
    const leftDev = await left.read({ $branch: "dev" });
    await expect(
      right.choose("Summarise for the team", {}, { $runs: left.frozen!.readId! }),
    ).rejects.toMatchObject(stale);
    await expect(
      right.choose("Summarise for the team", { $branch: "dev" }, { $runs: leftDev.readId! }),
    ).rejects.toMatchObject(stale);
    expect(await db().uiAnswer.count({ where: { itemId: right.itemId } })).toBe(0);
    const rightDev = await right.read({ $branch: "dev" });
    await expect(
      right.choose("Summarise for the team", { $branch: "dev" }, { $runs: rightDev.readId! }),
    ).resolves.toMatchObject({ status: "sent" });
  });

  it("is refused when the reading is of the block's earlier revision", async () => {
    const first = await triage();
    const earlierDev = await first.read({ $branch: "dev" });
    await regenerateReply({
      chatId: first.chatId,
      visitorId: first.visitorId,
      itemId: first.itemId,
    });
    await runChat(first.chatId, instant);
    const again = await reloaded(first);
    expect(again).toMatchObject({ itemId: first.itemId, blockId: first.blockId, revision: 2 });
    await expect(
      again.choose("Summarise for the team", {}, { $runs: first.frozen!.readId! }),
    ).rejects.toMatchObject(stale);
    await expect(
      again.choose("Summarise for the team", { $branch: "dev" }, { $runs: earlierDev.readId! }),
    ).rejects.toMatchObject(stale);
    expect(await db().uiAnswer.count({ where: { itemId: first.itemId } })).toBe(0);
    await expect(
      again.choose("Summarise for the team", {}, { $runs: again.frozen!.readId! }),
    ).resolves.toMatchObject({ status: "sent" });
  });
});

describe("an answer on a live block", () => {
  it("quotes the reading it was proven on, in its row, its event, a replay and every later view", async () => {
    const block = await triage();
    const runs = numberedRuns();
    const now = Date.now();
    const picked = await block.read(
      { $branch: "dev" },
      { sources: runs.sources, now: () => now - 11_000 },
    );
    // A later reading of the same inputs does not replace the one the pick presents.
    await block.read({ $branch: "dev" }, { sources: runs.sources, now: () => now });
    const quoted = {
      $runs: {
        readId: picked.readId,
        args: { branch: "dev" },
        value: picked.value,
        readAt: picked.readAt,
      },
    };
    const first = await block.choose(
      "Summarise for the team",
      { $branch: "dev" },
      { $runs: picked.readId! },
    );
    expect(first.answer.readings).toEqual(quoted);
    expect(
      await block.choose("Summarise for the team", { $branch: "dev" }, { $runs: picked.readId! }),
    ).toEqual(first);
    const event = await db().chatEvent.findFirstOrThrow({
      where: { chatId: block.chatId, type: "ui.answered" },
    });
    expect(event.data).toMatchObject({ answer: { readings: quoted } });
    const again = await reloaded(block);
    expect(
      (await loadChatView(block)).items.find((item) => item.id === block.itemId)!.uiAnswers[
        block.blockId
      ],
    ).toEqual(first.answer);
    expect(again.frozen).toMatchObject({ args: { branch: "main" } });
  });
});
