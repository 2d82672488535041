// The refusals: requests a careful server answers with a 4xx and a stable code, writing nothing.
// Each is sent as a hostile client would: malformed, oversized, forged, cross-origin or foreign.
import { randomUUID } from "node:crypto";
import { type Answer, rawRequest, type Tally, Visitor } from "./http";
import { CRON_SECRET } from "./server";
import { READY } from "./chats";

export type Targets = {
  owner: Visitor;
  stranger: Visitor;
  frames: { chatId: string; replyId: string };
  block: { chatId: string; replyId: string; blockId: string; revision: number; release: string };
  confirmation: { chatId: string; token: string };
};

type Attack = () => Promise<Answer>;

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** Every refusal of one round, each a function that sends it. */
export function refusals(
  base: string,
  tally: Tally,
  { owner, stranger, frames, block, confirmation }: Targets,
): Attack[] {
  const raw =
    (
      method: string,
      path: string,
      headers: Record<string, string | string[]> = {},
      chunks?: Array<string | Buffer>,
    ) =>
    () =>
      rawRequest(
        base,
        {
          method,
          path,
          headers: {
            cookie: owner.cookie,
            origin: base,
            "content-type": "application/json",
            ...headers,
          },
          chunks,
        },
        tally,
      );
  const ownerPost =
    (path: string, body: unknown, headers: Record<string, string> = {}) =>
    () =>
      owner.post(path, body, headers);
  const { chatId } = frames;
  const choice = (values: unknown, extra: Record<string, unknown> = {}) =>
    ownerPost(`/api/chats/${block.chatId}/ui-choices`, {
      itemId: block.replyId,
      blockId: block.blockId,
      revision: block.revision,
      choiceId: block.release,
      values,
      ...extra,
    });
  const anonymous = new Visitor(base, tally);
  return [
    // Text Postgres cannot store, and bodies that are not what the route reads.
    ...["a\\u0000b", "\\ud800", "x\\udfffy"].map((escaped) =>
      ownerPost("/api/chats", `{"message":"${escaped}"}`),
    ),
    ownerPost(`/api/chats/${chatId}/messages`, '{"text":"\\u0000"}'),
    ownerPost(`/api/chats/${chatId}/messages`, { text: "   " }),
    ownerPost(`/api/chats/${chatId}/messages`, { text: "x".repeat(9_000) }),
    ...[
      "{",
      "",
      "[]",
      "null",
      '"text"',
      '{"message":1}',
      '{"message":"hi","admin":true}',
      '{"__proto__":{"admin":true}}',
      deep(50_000),
    ].map((body) => ownerPost("/api/chats", body)),
    raw("POST", "/api/chats", {}, [
      Buffer.from([0x7b, 0x22, 0x6d, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ]),
    ownerPost("/api/chats", { message: "hi" }, { "content-type": "text/plain" }),
    ownerPost(
      "/api/chats",
      { message: "hi" },
      { "content-type": "application/json; charset=latin1" },
    ),
    // Bodies over 64 KiB, declared or chunked.
    ownerPost("/api/chats", { message: "x".repeat(70_000) }),
    raw("POST", "/api/chats", {}, ['{"message":"hi"}', " ".repeat(40_000), " ".repeat(40_000)]),
    // Origins, cookies and methods.
    ownerPost("/api/chats", {}, { origin: "https://evil.example" }),
    raw("POST", "/api/chats", { origin: "" }, ["{}"]),
    raw("GET", "/api/chats", { cookie: `${owner.cookie}; ${owner.cookie}` }),
    raw(
      "POST",
      `/api/chats/${chatId}/messages`,
      { cookie: `${owner.cookie.split("=")[0]}=${randomUUID()}.${"A".repeat(43)}` },
      ['{"text":"forged"}'],
    ),
    // TRACE is tried on every route by the edges check, which names it exempt (reliability/http.ts).
    raw("PUT", "/api/chats", {}, ["{}"]),
    // Node answers it before Next, with 431 and no body: exempt from the code (reliability/http.ts).
    raw("GET", `/api/chats/${"a".repeat(20_000)}`),
    // Paths, ids and cursors.
    raw("GET", "/chats/%ZZ"),
    raw("POST", "/api/chats/%E0%A4%A/messages", {}, ['{"text":"hi"}']),
    () => owner.get("/api/chats/not-a-uuid"),
    () => owner.get(`/api/chats/${randomUUID()}`),
    () => owner.get(`/api/chats/${chatId}/events`, { "last-event-id": "-1" }),
    () => owner.get(`/api/chats/${chatId}/events?after=99999999999`),
    () => owner.get(`/api/chats/${chatId}/events?after=1e3`),
    // Another visitor's chat, and a client with no cookie at all.
    () => stranger.get(`/api/chats/${chatId}`),
    () => stranger.post(`/api/chats/${chatId}/messages`, { text: "intrusion" }),
    () => stranger.get(`/api/chats/${chatId}/events`),
    () =>
      stranger.post(`/api/chats/${block.chatId}/ui-choices`, {
        itemId: block.replyId,
        blockId: block.blockId,
        revision: block.revision,
        choiceId: block.release,
        values: READY,
      }),
    () =>
      stranger.post(`/api/chats/${confirmation.chatId}/confirmations/${confirmation.token}`, {
        decision: "approve",
      }),
    () => anonymous.post(`/api/chats/${chatId}/messages`, { text: "who am I" }),
    // Forged picks: values no control could produce, stale revisions, unknown blocks and frames.
    choice({ ...READY, $price: 0 }),
    choice({ ...READY, $target: "the-moon" }),
    choice({ ...READY, $rollout: 150 }),
    choice(JSON.parse('{"__proto__":{"admin":true},"$target":"production"}')),
    choice(Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`$v${index}`, index]))),
    choice({ ...READY, $checks: Array.from({ length: 5_000 }, () => "tests") }),
    choice({}),
    choice([]),
    choice(READY, { label: "forged" }),
    choice(READY, { revision: block.revision + 1 }),
    choice(READY, { blockId: `${block.replyId}:ui:9999` }),
    // Live readings of a block that has no such query, of no block at all, or as a stranger.
    ownerPost(`/api/chats/${block.chatId}/ui-queries`, {
      itemId: block.replyId,
      blockId: block.blockId,
      revision: block.revision,
      query: "$runs",
      values: {},
    }),
    ownerPost(`/api/chats/${block.chatId}/ui-queries`, {
      itemId: block.replyId,
      blockId: "nothing",
      revision: 1,
      query: "$runs",
      values: [],
    }),
    () =>
      stranger.post(`/api/chats/${block.chatId}/ui-queries`, {
        itemId: block.replyId,
        blockId: block.blockId,
        revision: block.revision,
        query: "$runs",
        values: {},
      }),
    // Links asked for with forged values, of a link no block draws, or as a stranger.
    ownerPost(`/api/chats/${block.chatId}/ui-links`, {
      itemId: block.replyId,
      blockId: block.blockId,
      revision: block.revision,
      nodeId: "x",
      values: { ...READY, $target: "the-moon" },
    }),
    ownerPost(`/api/chats/${block.chatId}/ui-links`, {
      itemId: block.replyId,
      blockId: block.blockId,
      revision: block.revision,
      nodeId: "nothing",
      values: READY,
    }),
    () =>
      stranger.post(`/api/chats/${block.chatId}/ui-links`, {
        itemId: block.replyId,
        blockId: block.blockId,
        revision: block.revision,
        nodeId: "x",
        values: {},
      }),
    ownerPost(`/api/chats/${chatId}/selections`, {
      itemId: frames.replyId,
      instanceId: "destination-choice",
      choiceId: "elsewhere",
    }),
    ownerPost(`/api/chats/${chatId}/selections`, {
      itemId: frames.replyId,
      instanceId: "../x",
      choiceId: "docs",
    }),
    ownerPost(`/api/chats/${chatId}/selections`, {
      itemId: randomUUID(),
      instanceId: "destination-choice",
      choiceId: "docs",
    }),
    // Decisions on handles that are not there, malformed, or said wrong.
    ownerPost(`/api/chats/${confirmation.chatId}/confirmations/confirm-${randomUUID()}`, {
      decision: "approve",
    }),
    ownerPost(`/api/chats/${confirmation.chatId}/confirmations/not-a-token`, {
      decision: "approve",
    }),
    ownerPost(`/api/chats/${confirmation.chatId}/confirmations/${confirmation.token}`, {
      decision: "maybe",
    }),
    ownerPost(`/api/chats/${confirmation.chatId}/confirmations/${confirmation.token}`, {
      decision: "reject",
      reason: "no\u0000",
    }),
    ownerPost(`/api/chats/${chatId}/items/${randomUUID()}/regenerate`, {}),
    ownerPost(`/api/chats/${chatId}/items/not-a-uuid/regenerate`, {}),
    // The scheduled sweep, without its secret.
    () => anonymous.get("/api/cron/sweep"),
    () => anonymous.get("/api/cron/sweep", { authorization: `Bearer ${CRON_SECRET}-guess` }),
  ];
}
