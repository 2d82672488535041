import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat, textOf } from "../support";
import { withSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

/** A chat whose first reply (to `message`) has finished, and that reply's id. */
async function replied(request: APIRequestContext, baseURL: string | undefined, message: string) {
  const chatId = await createChat(request, baseURL, message);
  const chat = await settledChat(request, chatId);
  return { chatId, replyId: chat.items[1]!.id };
}

function selector(
  request: APIRequestContext,
  baseURL: string | undefined,
  chatId: string,
  itemId: string,
  instanceId: string,
) {
  return (choiceId: string, context: APIRequestContext = request) =>
    context.post(`/api/chats/${chatId}/selections`, {
      headers: sameOrigin(baseURL),
      data: { itemId, instanceId, choiceId },
    });
}

function decider(
  request: APIRequestContext,
  baseURL: string | undefined,
  chatId: string,
  token: string,
) {
  return (decision: "approve" | "reject", context: APIRequestContext = request) =>
    context.post(`/api/chats/${chatId}/confirmations/${token}`, {
      headers: sameOrigin(baseURL),
      data: { decision },
    });
}

test.describe("ChoiceList selection over HTTP", () => {
  test("is idempotent for the same choice and refuses another", async ({ request, baseURL }) => {
    const { chatId, replyId } = await replied(request, baseURL, "Where should we go next?");
    const pick = selector(request, baseURL, chatId, replyId, "destination-choice");
    const first = await pick("docs");
    expect(first.status()).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({
      status: "sent",
      event: { type: "select", instanceId: "destination-choice", choiceId: "docs" },
    });
    const again = await pick("docs");
    expect(await again.json()).toEqual(body);
    const other = await pick("demo");
    expect(other.status()).toBe(409);
    expect(await other.json()).toMatchObject({ code: "frame-already-answered" });
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user").map(textOf)).toEqual([
      "Where should we go next?",
      "Documentation",
    ]);
  });

  test("lets exactly one of many concurrent different picks win", async ({ request, baseURL }) => {
    const { chatId, replyId } = await replied(request, baseURL, "Where should we go next?");
    const pick = selector(request, baseURL, chatId, replyId, "destination-choice");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => pick(index % 2 ? "docs" : "demo")),
    );
    const statuses = responses.map((response) => response.status());
    const winners = await Promise.all(
      responses
        .filter((response) => response.status() === 200)
        .map(async (response) => (await response.json()).selection.choiceId),
    );
    expect(new Set(winners).size).toBe(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user")).toHaveLength(2);
  });

  test("answers many concurrent identical picks alike, with one message", async ({
    request,
    baseURL,
  }) => {
    const { chatId, replyId } = await replied(request, baseURL, "Where should we go next?");
    const pick = selector(request, baseURL, chatId, replyId, "destination-choice");
    const responses = await Promise.all(Array.from({ length: 10 }, () => pick("docs")));
    expect(responses.map((response) => response.status())).toEqual(
      Array.from({ length: 10 }, () => 200),
    );
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const chat = await settledChat(request, chatId);
    expect(chat.items.filter((item) => item.role === "user").map(textOf)).toEqual([
      "Where should we go next?",
      "Documentation",
    ]);
  });

  test("refuses an undeclared choice, a missing frame, a malformed body and a stranger", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, replyId } = await replied(request, baseURL, "Where should we go next?");
    const pick = selector(request, baseURL, chatId, replyId, "destination-choice");
    const undeclared = await pick("elsewhere");
    expect(undeclared.status()).toBe(422);
    expect(await undeclared.json()).toMatchObject({
      code: "refused_choice",
      reason: "COMPONENT_UNKNOWN_CHOICE",
    });
    const missing = await selector(request, baseURL, chatId, replyId, "no-such-list")("docs");
    expect(missing.status()).toBe(404);
    const malformed = await request.post(`/api/chats/${chatId}/selections`, {
      headers: sameOrigin(baseURL),
      data: { itemId: replyId, instanceId: "../x", choiceId: "docs" },
    });
    expect(malformed.status()).toBe(400);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      expect((await pick("docs", stranger)).status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items).toHaveLength(2);
    expect(chat.items[1]!.selections).toEqual({});
  });
});

test.describe("typed actions over HTTP", () => {
  async function proposed(request: APIRequestContext, baseURL: string | undefined) {
    const { chatId, replyId } = await replied(request, baseURL, "Email the release notes");
    const response = await selector(request, baseURL, chatId, replyId, "release-email")("send");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("proposed");
    return { chatId, token: body.selection.confirmationToken as string };
  }

  test("refuse an unregistered tool and invalid input, writing nothing", async ({
    request,
    baseURL,
  }) => {
    const { chatId, replyId } = await replied(
      request,
      baseURL,
      "Propose actions the app must refuse",
    );
    const pick = selector(request, baseURL, chatId, replyId, "unsafe-actions");
    for (const [choiceId, reason] of [
      ["wipe", "ACTION_UNREGISTERED"],
      ["bad-address", "ACTION_INVALID_INPUT"],
    ] as const) {
      const response = await pick(choiceId);
      expect(response.status()).toBe(422);
      expect(await response.json()).toMatchObject({ code: "action-refused", reason });
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items[1]!.selections).toEqual({});
  });

  test("approve twice runs the tool once", async ({ request, baseURL }) => {
    const { chatId, token } = await proposed(request, baseURL);
    const decide = decider(request, baseURL, chatId, token);
    const first = await (await decide("approve")).json();
    const second = await (await decide("approve")).json();
    expect(first.confirmation).toMatchObject({
      status: "approved",
      outcome: { kind: "executed", result: { delivered: true } },
    });
    expect(second).toEqual(first);
  });

  test("reject, then approve, stays rejected and says so", async ({ request, baseURL }) => {
    const { chatId, token } = await proposed(request, baseURL);
    const decide = decider(request, baseURL, chatId, token);
    const rejected = await (await decide("reject")).json();
    expect(rejected.confirmation.status).toBe("rejected");
    const approve = await decide("approve");
    expect(approve.status()).toBe(409);
    expect(await approve.json()).toMatchObject({
      code: "confirmation-settled",
      confirmation: { status: "rejected", outcome: { kind: "rejected" } },
    });
    const again = await decide("reject");
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual(rejected);
  });

  test("approve after expiry is denied and says so", async ({ request, baseURL }) => {
    const { chatId, token } = await proposed(request, baseURL);
    await withSession(testDatabaseUrl(), (sql) =>
      sql.unsafe(
        `UPDATE "ActionConfirmation" SET "expiresAt" = now() - interval '1 second' WHERE token = $1`,
        [token],
      ),
    );
    const response = await decider(request, baseURL, chatId, token)("approve");
    expect(response.status()).toBe(410);
    expect(await response.json()).toMatchObject({
      code: "confirmation-expired",
      reason: "CONFIRMATION_EXPIRED",
    });
    for (const decision of ["approve", "reject"] as const) {
      const retry = await decider(request, baseURL, chatId, token)(decision);
      expect(retry.status(), decision).toBe(410);
      expect(await retry.json()).toMatchObject({
        code: "confirmation-expired",
        confirmation: { status: "expired" },
      });
    }
  });

  test("a reason that cannot be stored is refused and leaves the handle pending", async ({
    request,
    baseURL,
  }) => {
    const { chatId, token } = await proposed(request, baseURL);
    for (const reason of ["no\\u0000thanks", "\\ud800"]) {
      const response = await request.post(`/api/chats/${chatId}/confirmations/${token}`, {
        headers: sameOrigin(baseURL),
        data: `{"decision":"reject","reason":"${reason}"}`,
      });
      expect(response.status(), reason).toBe(400);
      expect(await response.json()).toMatchObject({ code: "invalid-text" });
    }
    const chat = (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      items: Array<{ confirmations: Record<string, { status: string }> }>;
    };
    expect(chat.items[1]!.confirmations[token]).toMatchObject({ status: "pending" });
    expect(
      (await (await decider(request, baseURL, chatId, token)("reject")).json()).confirmation.status,
    ).toBe("rejected");
  });

  test("a foreign visitor's token is not found", async ({ request, baseURL, playwright }) => {
    const { chatId, token } = await proposed(request, baseURL);
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const strangersChat = await createChat(stranger, baseURL);
      for (const target of [chatId, strangersChat]) {
        const response = await stranger.post(`/api/chats/${target}/confirmations/${token}`, {
          headers: sameOrigin(baseURL),
          data: { decision: "approve" },
        });
        expect(response.status()).toBe(404);
      }
    } finally {
      await stranger.dispose();
    }
    const mine = await (await decider(request, baseURL, chatId, token)("reject")).json();
    expect(mine.confirmation.status).toBe("rejected");
  });
});

test("a deterministic route's choice submits its alias once", async ({ request, baseURL }) => {
  const { chatId, replyId } = await replied(request, baseURL, "/release");
  const response = await selector(
    request,
    baseURL,
    chatId,
    replyId,
    "release-target",
  )("production");
  expect(response.status()).toBe(200);
  const chat = await settledChat(request, chatId);
  expect(chat.items.map(textOf).slice(2)).toEqual([
    "/release production",
    "Release to **production** scheduled by the host route. No agent was involved.",
  ]);
});
