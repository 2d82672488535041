import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createChat } from "@/lib/chat/chats/manage";
import { appConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "../http/errors";
import { apiRoute } from "./route";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { signVisitorId, VISITOR_COOKIE } from "../http/visitor";

const LIMIT = 3;
vi.hoisted(() =>
  vi.stubEnv("RATE_LIMIT_REQUESTS", "3").stubEnv("RATE_LIMIT_WINDOW_SECONDS", "86400"),
);

// What the pipeline leaves for after the response, kept for the test to look at.
const afterResponse = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: () => unknown) => afterResponse.push(task),
}));

afterAll(async () => {
  await disconnectDb();
});

const ORIGIN = "http://localhost:3000";
const action = vi.fn(async ({ params: { chatId } }: { params: { chatId: string } }) =>
  Response.json({ chatId }),
);
const body = z.strictObject({ text: z.string() });
const counted = apiRoute(
  { visitor: true, params: chatParamsSchema, body, changesState: "counted", recover: "chat" },
  async (input) => {
    input.startTurns(input.params.chatId);
    return action(input);
  },
);
const uncounted = apiRoute(
  { visitor: true, params: chatParamsSchema, body, changesState: "uncounted", recover: false },
  action,
);
const reading = apiRoute(
  { visitor: true, params: chatParamsSchema, changesState: false, recover: "chat" },
  action,
);

beforeEach(() => {
  action.mockClear();
  afterResponse.length = 0;
});

/** A visitor's chat whose turn nobody claimed and whose lease lapsed: recovery renews its lease. */
async function chatToRecover() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "hello" });
  const lapsed = new Date(Date.now() - 1_000);
  await db().turn.updateMany({ where: { chatId }, data: { leaseExpiresAt: lapsed } });
  const cookie = `${VISITOR_COOKIE}=${await signVisitorId(visitorId, appConfig().sessionSecret)}`;
  return { visitorId, chatId, cookie, lapsed };
}

function request(
  chatId: string,
  { origin = ORIGIN as string | null, cookie = "", json = '{"text":"hi"}', method = "POST" } = {},
) {
  const headers: Record<string, string> = { cookie, "content-type": "application/json" };
  if (origin) headers.origin = origin;
  const init = method === "GET" ? { method, headers } : { method, headers, body: json };
  return [
    new Request(`${ORIGIN}/api/chats/${chatId}/test`, init),
    { params: Promise.resolve({ chatId }) },
  ] as const;
}

/** What the request left behind: its count, whether the chat recovered, the action and the work after it. */
async function traces({ visitorId, chatId, lapsed }: Awaited<ReturnType<typeof chatToRecover>>) {
  const window = await db().requestWindow.findUnique({
    where: { visitorId },
    select: { count: true },
  });
  const turn = await db().turn.findFirstOrThrow({
    where: { chatId },
    select: { leaseExpiresAt: true },
  });
  return {
    counted: window?.count ?? 0,
    recovered: turn.leaseExpiresAt > lapsed,
    acted: action.mock.calls.length,
    after: afterResponse.length,
  };
}

async function refusal(response: Response) {
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

describe("the request pipeline", () => {
  it("refuses a foreign or missing Origin first, before a bad id, a stranger or a bad body, and leaves no trace", async () => {
    const chat = await chatToRecover();
    expect(
      await refusal(
        await counted(...request("not-a-uuid", { origin: "https://evil.example", json: "{" })),
      ),
    ).toEqual({ status: 403, code: "forbidden-origin" });
    for (const origin of ["https://evil.example", null]) {
      expect(
        await refusal(await counted(...request(chat.chatId, { origin, cookie: chat.cookie }))),
      ).toEqual({ status: 403, code: "forbidden-origin" });
    }
    // Declared state-changing but not counted: the origin is checked all the same.
    expect(
      await refusal(
        await uncounted(
          ...request(chat.chatId, { origin: "https://evil.example", cookie: chat.cookie }),
        ),
      ),
    ).toEqual({ status: 403, code: "forbidden-origin" });
    expect(await traces(chat)).toEqual({ counted: 0, recovered: false, acted: 0, after: 0 });
  });

  it("then a malformed id, then the visitor, then the body; none of them is counted", async () => {
    const chat = await chatToRecover();
    expect(await refusal(await counted(...request("not-a-uuid", { json: "{" })))).toEqual({
      status: 404,
      code: "not-found",
    });
    expect(await refusal(await counted(...request(chat.chatId, { json: "{" })))).toEqual({
      status: 404,
      code: "not-found",
    });
    expect(
      await refusal(
        await counted(...request(chat.chatId, { cookie: chat.cookie, json: '{"text":1}' })),
      ),
    ).toEqual({ status: 400, code: "invalid-body" });
    expect(await traces(chat)).toEqual({ counted: 0, recovered: false, acted: 0, after: 0 });
  });

  it("counts and recovers before the action, and runs the chat's turn once after the response", async () => {
    const chat = await chatToRecover();
    const response = await counted(...request(chat.chatId, { cookie: chat.cookie }));
    expect(response.status).toBe(200);
    // Recovery found the chat's turn and the action named the chat again: one start.
    expect(await traces(chat)).toEqual({ counted: 1, recovered: true, acted: 1, after: 1 });
  });

  it("refused by the request window, recovers nothing and never acts", async () => {
    const chat = await chatToRecover();
    await db().$executeRaw`INSERT INTO "RequestWindow" ("visitorId", "windowStart", "count")
      SELECT ${chat.visitorId}::uuid, to_timestamp(floor(extract(epoch FROM now()) / 86400) * 86400) AT TIME ZONE 'UTC', ${LIMIT}`;
    const response = await counted(...request(chat.chatId, { cookie: chat.cookie }));
    expect(await refusal(response)).toEqual({ status: 429, code: "rate-limited" });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await traces(chat)).toEqual({ counted: LIMIT, recovered: false, acted: 0, after: 0 });
  });

  it("lets a read through from anywhere, uncounted, recovery what it reads", async () => {
    const chat = await chatToRecover();
    expect(
      (
        await reading(
          ...request(chat.chatId, {
            origin: "https://evil.example",
            cookie: chat.cookie,
            method: "GET",
          }),
        )
      ).status,
    ).toBe(200);
    expect(await traces(chat)).toEqual({ counted: 0, recovered: true, acted: 1, after: 1 });
  });

  it("admits to a deployment route only whom its check lets through, after its params", async () => {
    const refuse = () => {
      throw new AppError("unauthorized", "No.");
    };
    const deployment = apiRoute(
      { visitor: false, params: chatParamsSchema, admit: refuse, credential: "cronSecret" },
      action,
    );
    expect(await refusal(await deployment(...request("not-a-uuid")))).toEqual({
      status: 404,
      code: "not-found",
    });
    expect(await refusal(await deployment(...request(randomUUID())))).toEqual({
      status: 401,
      code: "unauthorized",
    });
    expect(action).not.toHaveBeenCalled();
  });

  it("makes every choice explicit in the types", () => {
    // @ts-expect-error A route acting for a visitor says whether it changes state.
    apiRoute({ visitor: true, params: chatParamsSchema, recover: false }, action);
    // @ts-expect-error Recovery "the chat" needs a chat id among the params.
    apiRoute({ visitor: true, changesState: false, recover: "chat" }, action);
  });
});
