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

test.describe("an edited confirmation over HTTP", () => {
  const proposedInput = {
    to: "ada@example.com",
    subject: "Release notes",
    body: "Version 1.4 is out.",
  };
  const edited = { ...proposedInput, subject: "Release notes for 1.4" };

  async function proposed(request: APIRequestContext, baseURL: string | undefined) {
    const { chatId, replyId } = await replied(request, baseURL, "Email the release notes");
    const body = await (
      await selector(request, baseURL, chatId, replyId, "release-email")("send")
    ).json();
    const token = body.selection.confirmationToken as string;
    const post = (data: unknown, on = token, context: APIRequestContext = request) =>
      context.post(`/api/chats/${chatId}/confirmations/${on}`, {
        headers: sameOrigin(baseURL),
        data: typeof data === "string" ? data : (data as Record<string, unknown>),
      });
    return { chatId, token, post };
  }

  /** The chat's handles and its log's length, as Postgres holds them. */
  function stored(chatId: string) {
    return withSession(testDatabaseUrl(), async (sql) => ({
      confirmations: await sql`
        SELECT "token", "status", "input", "replaces", "proposedInput", "outcome" FROM "ActionConfirmation"
        WHERE "chatId" = ${chatId} ORDER BY "createdAt"`,
      events: (await sql`SELECT count(*)::int AS n FROM "ChatEvent" WHERE "chatId" = ${chatId}`)[0]!
        .n as number,
    }));
  }

  test("approves the edited input under a new handle, and refuses the old one afterwards", async ({
    request,
    baseURL,
  }) => {
    const { chatId, token, post } = await proposed(request, baseURL);
    const response = await post({ decision: "edit", input: edited });
    expect(response.status()).toBe(200);
    const { confirmation } = await response.json();
    expect(confirmation).toMatchObject({
      status: "approved",
      input: edited,
      proposedInput,
      outcome: { kind: "executed", result: { subject: "Release notes for 1.4" } },
    });
    expect(confirmation.token).not.toBe(token);
    // The agent's answer to the report streams first, so the log stands still below.
    await settledChat(request, chatId);
    const before = await stored(chatId);
    for (const data of [{ decision: "approve" }, { decision: "reject" }]) {
      const again = await post(data);
      expect(again.status(), data.decision).toBe(409);
      expect(await again.json()).toMatchObject({
        code: "confirmation-replaced",
        confirmation: { token: confirmation.token, status: "approved" },
      });
    }
    expect(await stored(chatId)).toEqual(before);
    const chat = (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      items: Array<{ confirmations: Record<string, unknown> }>;
    };
    expect(chat.items[1]!.confirmations).toMatchObject({
      [token]: { status: "replaced" },
      [confirmation.token]: { status: "approved", input: edited },
    });
  });

  test("refuses a forged or out-of-schema edit, and writes nothing", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, token, post } = await proposed(request, baseURL);
    const other = await proposed(request, baseURL);
    const before = await stored(chatId);
    const refusals: [unknown, number, string, string?][] = [
      [
        { decision: "edit", input: { ...edited, cc: "eve@example.com" } },
        422,
        "confirmation-edit-refused",
        "ACTION_INVALID_INPUT",
      ],
      [
        { decision: "edit", input: { ...edited, subject: 42 } },
        422,
        "confirmation-edit-refused",
        "ACTION_INVALID_INPUT",
      ],
      [
        { decision: "edit", input: { to: "ada@example.com" } },
        422,
        "confirmation-edit-refused",
        "ACTION_INVALID_INPUT",
      ],
      [
        { decision: "edit", input: { ...edited, to: "nobody" } },
        422,
        "confirmation-edit-refused",
        "ACTION_INVALID_INPUT",
      ],
      [
        { decision: "edit", input: proposedInput },
        422,
        "confirmation-edit-refused",
        "CONFIRMATION_INVALID_REQUEST",
      ],
      [
        `{"decision":"edit","input":{"__proto__":{"admin":true},"to":"ada@example.com","subject":"x","body":"y"}}`,
        422,
        "confirmation-edit-refused",
      ],
      [{ decision: "edit", input: [edited] }, 400, "invalid-body"],
      [{ decision: "edit" }, 400, "invalid-body"],
      [{ decision: "edit", input: edited, reason: "also" }, 400, "invalid-body"],
      [{ decision: "approve", input: edited }, 400, "invalid-body"],
      [
        `{"decision":"edit","input":{"to":"ada@example.com","subject":"a\\u0000b","body":"y"}}`,
        400,
        "invalid-text",
      ],
    ];
    for (const [data, status, code, reason] of refusals) {
      const response = await post(data);
      expect(response.status(), JSON.stringify(data)).toBe(status);
      expect(await response.json(), JSON.stringify(data)).toMatchObject({
        code,
        ...(reason ? { reason } : {}),
      });
    }
    // Another chat's handle named through this chat, a tampered handle, and another visitor.
    for (const on of [
      other.token,
      `${token}0`,
      token.replace(/.$/, (c) => (c === "a" ? "b" : "a")),
    ]) {
      const response = await post({ decision: "edit", input: edited }, on);
      expect(response.status(), on).toBe(404);
      expect(await response.json()).toMatchObject({ code: "confirmation-not-found" });
    }
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const response = await post({ decision: "edit", input: edited }, token, stranger);
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: "chat-not-found" });
    } finally {
      await stranger.dispose();
    }
    expect(await stored(chatId)).toEqual(before);
    expect(before.confirmations).toMatchObject([{ token, status: "pending", replaces: null }]);
  });

  test("refuses an edit after expiry, and nothing replaces the handle", async ({
    request,
    baseURL,
  }) => {
    const { chatId, token, post } = await proposed(request, baseURL);
    await withSession(testDatabaseUrl(), (sql) =>
      sql.unsafe(
        `UPDATE "ActionConfirmation" SET "expiresAt" = now() - interval '1 second' WHERE token = $1`,
        [token],
      ),
    );
    const response = await post({ decision: "edit", input: edited });
    expect(response.status()).toBe(410);
    expect(await response.json()).toMatchObject({
      code: "confirmation-expired",
      confirmation: { token, status: "expired" },
    });
    expect((await stored(chatId)).confirmations).toMatchObject([
      { token, status: "expired", input: proposedInput },
    ]);
  });

  test("an edit racing an approval has one winner; the loser is a conflict", async ({
    request,
    baseURL,
  }) => {
    const { chatId, token, post } = await proposed(request, baseURL);
    const answers = await Promise.all([
      post({ decision: "edit", input: edited }),
      post({ decision: "approve" }),
    ]);
    const statuses = answers.map((answer) => answer.status()).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = await answers.find((answer) => answer.status() === 409)!.json();
    const { confirmations } = await stored(chatId);
    const approved = confirmations.filter((row) => row.status === "approved");
    expect(approved).toHaveLength(1);
    expect(loser).toMatchObject({
      code: approved[0]!.token === token ? "confirmation-settled" : "confirmation-replaced",
      confirmation: { token: approved[0]!.token },
    });
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
