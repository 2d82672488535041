// Requests that carry the owner's real cookie but must still not act as the owner: writes sent with
// a foreign Host and a matching Origin (a DNS-rebinding page), and a cookie the server signed but
// longer ago than a visitor cookie lives. Each is checked in Postgres, and each check also makes the
// same request rightly, which must work: a refusal for another reason cannot pass for one.
import { type Answer, describeAnswers, jsonBody, rawRequest, Tally, Visitor } from "./http";
import { SESSION_SECRET } from "./server";
import { type Suite } from "./suite";
import { cookieIssuedAt } from "./visitor-cookies";

const FOREIGN = { host: "evil.example", origin: "http://evil.example" };
const DAY_MS = 86_400_000;
/** How long the suite's server keeps a visitor cookie (VISITOR_COOKIE_MAX_AGE_DAYS); it says so at start. */
export const COOKIE_MAX_AGE_DAYS = 30;

type Chat = { owner: Visitor; chatId: string };

const title = async (suite: Suite, chatId: string) =>
  (
    await suite.rows.all<{ title: string }>(`SELECT "title" FROM "Chat" WHERE "id" = $1`, [chatId])
  )[0]?.title ?? null;
/** Whether a message of this text reached the chat, as an item or waiting in its queue. */
const sentText = async (suite: Suite, chatId: string, text: string) =>
  (await suite.rows.count(
    `SELECT ((SELECT count(*) FROM "Item" WHERE "chatId" = $1 AND "role" = 'user' AND "content" = $2) + (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = $1 AND "text" = $2))::int AS "count"`,
    [chatId, text],
  )) > 0;

/** Rename, message, create and delete, each from a foreign Host with its own Origin. */
export async function foreignOrigins(
  suite: Suite,
  base: string,
  { owner, chatId }: Chat,
): Promise<void> {
  const tally = new Tally();
  const chats = () => suite.rows.count(`SELECT count(*)::int AS "count" FROM "Chat"`);
  // The control first: the same rename from the app's own origin renames the chat.
  const control = await owner.send(
    "PATCH",
    `/api/chats/${chatId}`,
    JSON.stringify({ title: "Renamed by its owner" }),
    { origin: base, "content-type": "application/json" },
  );
  const renamed = control.status === 200 && (await title(suite, chatId)) === "Renamed by its owner";
  // Each write with what it would change in Postgres, read before and after.
  const writes: Array<[string, string, unknown, () => Promise<unknown>]> = [
    [
      "PATCH",
      `/api/chats/${chatId}`,
      { title: "Renamed by evil.example" },
      () => title(suite, chatId),
    ],
    [
      "POST",
      `/api/chats/${chatId}/messages`,
      { text: "Sent by evil.example" },
      () => sentText(suite, chatId, "Sent by evil.example"),
    ],
    ["POST", "/api/chats", { message: "Created by evil.example" }, chats],
    ["DELETE", `/api/chats/${chatId}`, {}, () => title(suite, chatId)],
  ];
  const answers: Answer[] = [];
  let accepted = 0;
  for (const [method, path, body, read] of writes) {
    const before = await read();
    const json = jsonBody(JSON.stringify(body));
    const answer = await rawRequest(
      base,
      {
        method,
        path,
        headers: { ...FOREIGN, cookie: owner.cookie, ...json.headers },
        chunks: json.chunks,
      },
      tally,
    );
    answers.push(answer);
    if ((answer.status >= 200 && answer.status < 300) || (await read()) !== before) accepted += 1;
  }
  const misanswered = answers.filter(
    (answer) => answer.status !== 403 || answer.body.code !== "forbidden-origin",
  ).length;
  suite.print(
    `edges    ${writes.length} writes with Host ${FOREIGN.host} and Origin ${FOREIGN.origin} and the owner's cookie (rename, message, create, delete): ${accepted} foreign-origin writes accepted, ${misanswered} answered other than 403 forbidden-origin (${describeAnswers(answers)}); the same rename from the app's origin before them: ${renamed ? "renamed" : `not renamed (${control.status})`}`,
  );
  if (accepted > 0 || misanswered > 0 || tally.serverErrors > 0)
    suite.fail(
      `foreign Host/Origin: ${accepted} writes accepted, ${misanswered} not 403 forbidden-origin: ${describeAnswers(answers)}`,
    );
  if (!renamed)
    suite.fail(
      `foreign Host/Origin: the owner's own rename answered ${control.status}, so the refusals prove nothing`,
    );
}

/** The owner's chat read, listed and written with a cookie signed for the owner past its maximum age. */
export async function expiredCookies(
  suite: Suite,
  base: string,
  { owner, chatId }: Chat,
): Promise<void> {
  const [visitorId] = (
    await suite.rows.all<{ visitorId: string }>(`SELECT "visitorId" FROM "Chat" WHERE "id" = $1`, [
      chatId,
    ])
  ).map((row) => row.visitorId);
  const name = owner.cookie.split("=")[0]!;
  const visitor = async (issuedAt: Date) => {
    const holder = new Visitor(base);
    holder.cookie = `${name}=${await cookieIssuedAt(visitorId!, SESSION_SECRET, issuedAt)}`;
    return holder;
  };
  const expired = await visitor(new Date(Date.now() - (COOKIE_MAX_AGE_DAYS + 1) * DAY_MS));
  const [read, listed, sent] = [
    await expired.get(`/api/chats/${chatId}`),
    await expired.get("/api/chats"),
    await expired.post(`/api/chats/${chatId}/messages`, { text: "Sent with an expired cookie" }),
  ];
  const listedChats = Array.isArray(listed.body.chats)
    ? (listed.body.chats as Array<{ id?: string }>)
    : [];
  const reached = [
    read.status === 200,
    listedChats.some((chat) => chat.id === chatId),
    (sent.status >= 200 && sent.status < 300) ||
      (await sentText(suite, chatId, "Sent with an expired cookie")),
  ].filter(Boolean).length;
  const broken = [read, listed, sent].filter(
    (answer) => answer.status === 0 || answer.status >= 500,
  ).length;
  // The control: the same cookie issued now reaches the chat, so the signing above is the server's.
  const fresh = await (await visitor(new Date())).get(`/api/chats/${chatId}`);
  suite.print(
    `edges    a cookie signed for a chat's owner ${COOKIE_MAX_AGE_DAYS + 1} days ago, past the ${COOKIE_MAX_AGE_DAYS} days a cookie lives (read, list, message): ${reached} of 3 expired-cookie requests accepted, ${broken} × 5xx (${describeAnswers([read, listed, sent])}); the same cookie issued now reads the chat: ${fresh.status === 200 ? "yes" : `no (${fresh.status})`}`,
  );
  if (reached > 0 || broken > 0)
    suite.fail(
      `expired cookie: reached the owner's chat ${reached} times of 3: ${describeAnswers([read, listed, sent])}`,
    );
  if (fresh.status !== 200)
    suite.fail(
      `expired cookie: the same cookie issued now answered ${fresh.status}, so the refusals prove nothing`,
    );
}
