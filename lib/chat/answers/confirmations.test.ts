import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import type { ConfirmationStatus } from "@/lib/component-frames";
import { db, disconnectDb } from "@/lib/db/client";
import { sendEmailTool } from "@/lib/tools/send-email";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { recoverChats } from "../recovery/recover";
import { CLAIM_LEASE_MS, decideConfirmation, sweepStaleClaims } from "./confirmations";
import { pickFrameChoice } from "./selections";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

/** A pending send-email handle in a chat of its own. */
async function proposal() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
  await runChat(chatId, createMockAgent({ deltaMs: 0 }));
  const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
  const outcome = await pickFrameChoice({
    visitorId,
    chatId,
    itemId: reply.id,
    instanceId: "release-email",
    choiceId: "send",
  });
  const token = outcome.selection.confirmationToken!;
  const decide = (decision: "approve" | "reject") =>
    decideConfirmation({ visitorId, chatId, token, decision });
  const stored = () => db().actionConfirmation.findUniqueOrThrow({ where: { token } });
  return { visitorId, chatId, token, decide, stored };
}

describe("a decision on a handle already decided", () => {
  it("answers the same decision again, and refuses the other with the handle as it stands", async () => {
    const rejected = await proposal();
    const view = await rejected.decide("reject");
    expect(await rejected.decide("reject")).toEqual(view);
    await expect(rejected.decide("approve")).rejects.toMatchObject({
      code: "confirmation-settled",
      status: 409,
      details: { confirmation: view },
    });

    const approved = await proposal();
    expect(await approved.decide("approve")).toMatchObject({
      status: "approved",
      outcome: { kind: "executed" },
    });
    await expect(approved.decide("reject")).rejects.toMatchObject({
      code: "confirmation-settled",
      details: { confirmation: { status: "approved" } },
    });
    expect(await approved.stored()).toMatchObject({
      status: "approved",
      outcome: { kind: "executed" },
    });
  });

  it("refuses every decision on an expired handle, however often it is repeated", async () => {
    const { token, decide, stored } = await proposal();
    await db().actionConfirmation.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    for (const decision of ["approve", "approve", "reject"] as const) {
      await expect(decide(decision)).rejects.toMatchObject({
        code: "confirmation-expired",
        status: 410,
        details: { confirmation: { status: "expired" } },
      });
    }
    expect(await stored()).toMatchObject({ status: "expired", outcome: { kind: "expired" } });
  });
});

describe("claims whose process died", () => {
  /** A handle left in a claim state, claimed `age` milliseconds ago, as a killed process leaves it. */
  async function claimed(status: ConfirmationStatus, age: number) {
    const handle = await proposal();
    await db().actionConfirmation.update({
      where: { token: handle.token },
      data: { status, claimedAt: new Date(Date.now() - age) },
    });
    return handle;
  }

  it("stamps every claim a decision takes", async () => {
    const { decide, stored } = await proposal();
    const before = Date.now();
    await decide("approve");
    expect((await stored()).claimedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it("records a lapsed approval as failed when the chat is read, and never runs the tool", async () => {
    const { visitorId, chatId, token, decide } = await claimed("approving", CLAIM_LEASE_MS + 1_000);
    const execute = vi.spyOn(sendEmailTool, "execute");
    try {
      // Read as a route reads it: recovered first.
      await recoverChats({ visitorId, chatId });
      const view = (await loadChatView({ visitorId, chatId })).items[1]!.confirmations[token];
      expect(view).toMatchObject({
        status: "approved",
        outcome: { kind: "failed", code: "ACTION_EXECUTION_FAILED" },
      });
      expect(await decide("approve")).toEqual(view);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
    const last = await db().chatEvent.findFirstOrThrow({
      where: { chatId, type: "confirmation.updated" },
      orderBy: { seq: "desc" },
    });
    expect(last.data).toMatchObject({
      type: "confirmation.updated",
      confirmation: { token, status: "approved" },
    });
    // The agent is told it failed, in the same transaction.
    const report = await db().item.findFirstOrThrow({
      where: { chatId, role: "user" },
      orderBy: { position: "desc" },
    });
    expect(report.origin).toMatchObject({ kind: "confirmation", token, outcome: "failed" });
  });

  it("returns a lapsed rejection to pending, so the person decides again", async () => {
    const { visitorId, chatId, token, decide, stored } = await claimed(
      "rejecting",
      CLAIM_LEASE_MS + 1_000,
    );
    expect(await sweepStaleClaims({ chatId, visitorId })).toBe(1);
    expect(await stored()).toMatchObject({ status: "pending", claimedAt: null, outcome: null });
    expect(await decide("reject")).toMatchObject({ token, status: "rejected" });
  });

  it("finishes a lapsed expiry", async () => {
    const { chatId, stored } = await claimed("expiring", CLAIM_LEASE_MS + 1_000);
    expect(await sweepStaleClaims({ chatId })).toBe(1);
    expect(await stored()).toMatchObject({ status: "expired", outcome: { kind: "expired" } });
  });

  it("leaves a claim within its lease alone, and recovers nothing for another visitor", async () => {
    const live = await claimed("approving", 1_000);
    expect(await sweepStaleClaims({ chatId: live.chatId })).toBe(0);
    const lapsed = await claimed("approving", CLAIM_LEASE_MS + 1_000);
    expect(await sweepStaleClaims({ chatId: lapsed.chatId, visitorId: randomUUID() })).toBe(0);
    expect(
      await sweepStaleClaims({ chatId: lapsed.chatId, now: new Date(Date.now() - 2_000) }),
    ).toBe(0);
    expect([(await live.stored()).status, (await lapsed.stored()).status]).toEqual([
      "approving",
      "approving",
    ]);
  });
});
