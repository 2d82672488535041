// HTTP for the reliability suite: visitors that keep their own cookie, raw requests written exactly
// as given (paths unnormalised, bodies chunked, any method), and a tally of answers by status.
import { request as httpRequest } from "node:http";

export type Answer = {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
};

/** Every answer a scenario saw, by status class; a 5xx or a dropped connection is kept with its request. */
export class Tally {
  sent = 0;
  readonly classes = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];

  note(label: string, status: number): void {
    this.sent += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const kind = status === 0 ? "dropped" : `${Math.floor(status / 100)}xx`;
    this.classes.set(kind, (this.classes.get(kind) ?? 0) + 1);
    if (status === 0 || status >= 500) this.failures.push(`${status} ${label}`);
  }

  count(kind: string): number {
    return this.classes.get(kind) ?? 0;
  }

  /** `503 ×10, 200 ×1`, most frequent first. */
  describe(): string {
    return [...this.statuses]
      .sort((a, b) => b[1] - a[1])
      .map(([status, count]) => `${status} ×${count}`)
      .join(", ");
  }

  get serverErrors(): number {
    return this.count("5xx") + this.count("dropped");
  }
}

/**
 * Every 4xx the suite received under /api, and those without a stable JSON `code`. A HEAD answer
 * has no body, so its media type stands for one.
 */
export const apiRefusals = { seen: 0, uncoded: [] as string[] };

/** Whether a 4xx names its code: a JSON body with a `code`, or for HEAD a JSON media type. */
export function hasCode(method: string, answer: Answer): boolean {
  if (method === "HEAD") return /^application\/json\b/i.test(answer.headers["content-type"] ?? "");
  return typeof answer.body.code === "string" && answer.body.code !== "";
}

/**
 * What Next or Node answers before the proxy or any route runs, so no JSON code can be given: by
 * method, or by status. The checks that send these name them and hold them only to being answered.
 */
export const EXEMPT = {
  methods: {
    TRACE: "Next answers before the proxy: a Fetch Request cannot carry TRACE, so Next answers 500",
    PROPFIND:
      "Next answers before the route: a method outside the Fetch standard's gets a bare 400",
  } as Record<string, string>,
  statuses: {
    431: "Node answers before Next: 431 Request Header Fields Too Large has no body",
  } as Record<number, string>,
};

/** Why an answer carries no JSON code, if it is one of those EXEMPT names. */
export function exemption(method: string, answer: Answer): string | undefined {
  return EXEMPT.methods[method.toUpperCase()] ?? EXEMPT.statuses[answer.status];
}

function noteApiAnswer(method: string, path: string, answer: Answer): void {
  if (!/^\/api(\/|\?|$)/.test(path) || answer.status < 400 || answer.status >= 500) return;
  if (exemption(method, answer)) return;
  apiRefusals.seen += 1;
  if (!hasCode(method, answer))
    apiRefusals.uncoded.push(`${answer.status} ${method} ${path.slice(0, 80)}`);
}

/** `422 invalid_value`: an answer's status and code. */
export const answerKey = (answer: Answer) =>
  `${answer.status} ${String(answer.body.code ?? "")}`.trim();

/** `400 invalid-body ×2, 409 stale-ui-block ×1`, sorted. */
export function describeKeys(keys: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([key, count]) => `${key} ×${count}`)
    .join(", ");
}

export const describeAnswers = (answers: readonly Answer[]) => describeKeys(answers.map(answerKey));

/**
 * Headers for a JSON body of a raw request. Its length is declared: Node's client frames a DELETE
 * or OPTIONS body by nothing else, and the server would read it as the start of another request.
 */
export const jsonBody = (body: string) => ({
  headers: {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
  },
  chunks: [body],
});

/** A body as an object: JSON objects as they are, other JSON under `value`, anything else under `text`. */
function parseBody(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { text: text.slice(0, 200) };
  }
}

/** A visitor of the app: its first request gets a cookie, which every later one sends. */
export class Visitor {
  cookie = "";

  constructor(
    readonly base: string,
    /** Where its answers are counted; a scenario may count a visitor's setup and its attacks apart. */
    public tally?: Tally,
  ) {}

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send("GET", path, undefined, headers);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return this.send("POST", path, text, {
      origin: this.base,
      "content-type": "application/json",
      ...headers,
    });
  }

  async send(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const label = `${method} ${path}`;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        body,
        headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      });
      const issued = response.headers
        .getSetCookie()
        .find((cookie) => cookie.includes("answerable_visitor="));
      if (issued && !this.cookie) this.cookie = issued.split(";")[0]!;
      const answer = {
        status: response.status,
        body: parseBody(await response.text()),
        headers: Object.fromEntries(response.headers),
      };
      this.tally?.note(label, answer.status);
      noteApiAnswer(method, path, answer);
      return answer;
    } catch (error) {
      this.tally?.note(`${label}: ${error instanceof Error ? error.message : String(error)}`, 0);
      return { status: 0, body: {}, headers: {} };
    }
  }
}

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  chunks?: Array<string | Buffer>;
};

/** A request exactly as written, on a connection of its own. Status 0: the connection dropped. */
export function rawRequest(base: string, raw: RawRequest, tally?: Tally): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        method: raw.method,
        path: raw.path,
        headers: raw.headers,
        agent: false,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => {
          tally?.note(`${raw.method} ${raw.path.slice(0, 80)}`, response.statusCode ?? 0);
          const answer = {
            status: response.statusCode ?? 0,
            body: text ? parseBody(text) : {},
            headers: response.headers as Record<string, string>,
          };
          noteApiAnswer(raw.method, raw.path, answer);
          resolve(answer);
        });
      },
    );
    outgoing.on("error", (error) => {
      tally?.note(`${raw.method} ${raw.path.slice(0, 80)}: ${error.message}`, 0);
      resolve({ status: 0, body: {}, headers: {} });
    });
    for (const chunk of raw.chunks ?? []) outgoing.write(chunk);
    outgoing.end();
  });
}

/** Milliseconds at the given percentile (0–100) of the samples. */
export function percentile(samples: readonly number[], at: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((at / 100) * sorted.length) - 1))] ??
    Number.NaN
  );
}

/** Polls until `check` answers true or the time runs out; returns whether it did. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
