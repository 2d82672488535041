// Requests no route serves: paths under /api nothing answers, methods a route does not export
// (read from the route files themselves, so a new route is tried too), and the request-target `*`.
// Every 4xx under /api must carry a JSON `code`; nothing may answer 5xx or drop the connection.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  type Answer,
  answerKey,
  describeAnswers,
  describeKeys,
  EXEMPT,
  hasCode,
  jsonBody,
  rawRequest,
  Tally,
  type Visitor,
} from "./http";
import { n, type Suite } from "./suite";

const API = join(__dirname, "..", "..", "app", "api");
const EXPORTED =
  /export\s+(?:const|(?:async\s+)?function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g;
const TRIED = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "HEAD"];
// Node's client writes the path as given, so these go out as `OPTIONS * HTTP/1.1` and so on.
const ASTERISK = ["OPTIONS", "GET", "HEAD", "POST", "PUT", "DELETE", "PROPFIND"];
const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
/** Why the request-target `*` is answered without a code, and not with a 4xx. */
const ASTERISK_EXEMPT =
  "Next answers before the proxy: it makes no URL of the request-target *, and answers 500";

/** Every route under app/api as a path pattern (`/api/chats/[chatId]`) with the methods it exports. */
function apiRoutes(folder = API): Array<{ pattern: string; methods: Set<string> }> {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return apiRoutes(path);
    if (entry.name !== "route.ts") return [];
    const pattern = `/api/${relative(API, folder).split(sep).join("/")}`.replace(/\/$/, "");
    return [
      {
        pattern,
        methods: new Set(
          [...readFileSync(path, "utf8").matchAll(EXPORTED)].map((match) => match[1]!),
        ),
      },
    ];
  });
}

/** A pattern with its segments filled: the owner's chat, unknown items and handles, catch-alls with two segments. */
const fill = (pattern: string, chatId: string) =>
  pattern
    .replace("[chatId]", chatId)
    .replace("[itemId]", randomUUID())
    .replace("[token]", `confirm-${randomUUID()}`)
    .replace(/\[\[?\.\.\.[^\]]+\]\]?/g, "nope/deeper")
    .replace(/\[[^\]]+\]/g, "x");

/** The requests of this check: every route's missing methods, then paths nothing serves. */
function unservedRequests(chatId: string): Array<{ method: string; path: string }> {
  const missing = apiRoutes().flatMap(({ pattern, methods }) =>
    // A route that exports GET answers HEAD with it.
    TRIED.filter(
      (method) => !methods.has(method) && !(method === "HEAD" && methods.has("GET")),
    ).map((method) => ({ method, path: fill(pattern, chatId) })),
  );
  const unknown = [
    "/api",
    "/api/nope",
    "/api/chats/x/nope",
    `/api/chats/${chatId}/nope`,
    `/api/chats/${chatId}/items/${randomUUID()}/nope`,
    "/api/health/nope",
  ];
  return [
    ...missing,
    ...unknown.flatMap((path) =>
      ["GET", "POST", "HEAD", "DELETE"].map((method) => ({ method, path })),
    ),
  ];
}

/** A request as a client that means no harm sends it: `{}` where the method takes a body. */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  tally: Tally,
): Promise<Answer> {
  const body = WITHOUT_BODY.has(method) ? { headers: {}, chunks: [] } : jsonBody("{}");
  return rawRequest(
    base,
    { method, path, headers: { ...headers, ...body.headers }, chunks: body.chunks },
    tally,
  );
}

// A HEAD answer has no body: its key says whether its media type is JSON.
const keyOf = (method: string, answer: Answer) =>
  method === "HEAD"
    ? `${answer.status} HEAD${hasCode(method, answer) ? " json" : ""}`
    : answerKey(answer);

/** Unknown paths and unexported methods under /api. */
export async function unservedApi(
  suite: Suite,
  base: string,
  owner: Visitor,
  chatId: string,
): Promise<void> {
  const tally = new Tally();
  const exempt = new Tally();
  const all = unservedRequests(chatId);
  const tried = await Promise.all(
    all.map(({ method, path }) =>
      send(
        base,
        method,
        path,
        { cookie: owner.cookie, origin: base },
        method in EXEMPT.methods ? exempt : tally,
      ),
    ),
  );
  const requests = all.filter(({ method }) => !(method in EXEMPT.methods));
  const answers = tried.filter((_, index) => !(all[index]!.method in EXEMPT.methods));
  const exemptKeys = all.flatMap(({ method }, index) =>
    method in EXEMPT.methods ? [`${method} ${tried[index]!.status}`] : [],
  );
  suite.print(
    `edges    ${n(exemptKeys.length)} of them exempt from the JSON code, answered ${describeKeys(exemptKeys)}: ${Object.values(EXEMPT.methods).join("; ")}`,
  );
  if (exempt.count("dropped") > 0)
    suite.fail(`exempt /api requests dropped: ${exempt.failures.slice(0, 3).join("; ")}`);
  const uncoded = requests.filter(
    ({ method }, index) =>
      answers[index]!.status >= 400 &&
      answers[index]!.status < 500 &&
      !hasCode(method, answers[index]!),
  );
  suite.print(
    `edges    ${n(requests.length)} requests to /api paths nothing serves and methods routes do not export (${TRIED.join(", ")}): ${tally.serverErrors} × 5xx, ${uncoded.length} 4xx without a code; answers ${describeKeys(answers.map((answer, index) => keyOf(requests[index]!.method, answer)))}`,
  );
  if (tally.serverErrors > 0)
    suite.fail(`unserved /api requests: ${tally.failures.slice(0, 3).join("; ")}`);
  if (uncoded.length > 0)
    suite.fail(
      `/api 4xx without a code: ${uncoded
        .slice(0, 4)
        .map(({ method, path }) => `${method} ${path}`)
        .join(", ")}${uncoded.length > 4 ? ` and ${uncoded.length - 4} more` : ""}`,
    );
}

/** The request-target `*`, which names the server rather than a resource. */
export async function asteriskTargets(suite: Suite, base: string): Promise<void> {
  const tally = new Tally();
  const answers = await Promise.all(ASTERISK.map((method) => send(base, method, "*", {}, tally)));
  const served = answers.filter((answer) => answer.status > 0 && answer.status < 400).length;
  suite.print(
    `edges    ${ASTERISK.length} requests for the target * (${ASTERISK.join(", ")}), exempt from the JSON code (${ASTERISK_EXEMPT}): ${tally.count("dropped")} dropped, ${served} served; answers ${describeKeys(answers.map((answer, index) => keyOf(ASTERISK[index]!, answer)))}`,
  );
  if (tally.count("dropped") > 0 || served > 0)
    suite.fail(
      `target *: ${describeAnswers(answers)}${tally.failures.length > 0 ? `; ${tally.failures.slice(0, 3).join("; ")}` : ""}`,
    );
}
