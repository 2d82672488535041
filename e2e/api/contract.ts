import { expect, test as base, type APIRequestContext, type APIResponse } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";

// Every answer an API test receives is checked against the served OpenAPI document: its status must
// be one the operation declares, and its body must match that status's schema. Specs import `test`
// and `expect` from here instead of @playwright/test; raw-http.ts checks its answers the same way.

type Document = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
  >;
};
type Operation = {
  pattern: RegExp;
  method: string;
  pointer: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
};
export type Answer = {
  method: string;
  url: string;
  status: number;
  contentType: string;
  text: string;
};

const contracts = new Map<string, Promise<Contract>>();

class Contract {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly operations: Operation[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: Document) {
    this.ajv.addSchema(document, "openapi");
    // A literal segment wins over a parameter, as in Next's router: /api/chats/search is not a chat id.
    const literalsFirst = Object.entries(document.paths).sort(
      ([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
    );
    this.operations = literalsFirst.flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
        method: method.toUpperCase(),
        pointer: `openapi#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses`,
        responses: operation.responses,
      })),
    );
    this.refusal = this.ajv.compile({ $ref: "openapi#/components/schemas/Refusal" });
  }

  private readonly refusal: ValidateFunction;

  check({ method, url, status, contentType, text }: Answer): void {
    const { pathname } = new URL(url);
    // The framework answers HEAD and OPTIONS itself; pages are not the API.
    if (!pathname.startsWith("/api/") || method === "HEAD" || method === "OPTIONS") return;
    const where = `${method} ${pathname} answered ${status}`;
    // The route is the first path that matches, as Next routes; then its operation for the method, if any.
    const route = this.operations.find((candidate) => candidate.pattern.test(pathname))?.pattern
      .source;
    const operation = this.operations.find(
      (candidate) => candidate.pattern.source === route && candidate.method === method,
    );
    if (!operation) {
      // No operation: only a refusal (not found, method not allowed, malformed) may answer.
      expect(status, `${where}, but the document has no such operation`).toBeGreaterThanOrEqual(
        400,
      );
      this.expectValid(this.refusal, JSON.parse(text), where);
      return;
    }
    const declared = operation.responses[String(status)];
    expect(declared, `${where}, a status the document does not declare for it`).toBeDefined();
    const media = contentType.split(";")[0]!.trim();
    if (!declared!.content) {
      expect(text, `${where} with a body, where the document declares none`).toBe("");
      return;
    }
    expect(Object.keys(declared!.content), `${where} as ${media}`).toContain(media);
    if (media !== "application/json") return;
    const key = `${operation.pointer}/${status}`;
    let validate = this.compiled.get(key);
    if (!validate)
      this.compiled.set(
        key,
        (validate = this.ajv.compile({
          $ref: `${operation.pointer}/${status}/content/application~1json/schema`,
        })),
      );
    this.expectValid(validate, JSON.parse(text), where);
  }

  private expectValid(validate: ValidateFunction, body: unknown, where: string): void {
    const valid = validate(body);
    expect(
      valid
        ? []
        : validate.errors?.map(
            (error) =>
              `${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`,
          ),
      `${where} with a body the document does not describe: ${JSON.stringify(body).slice(0, 400)}`,
    ).toEqual([]);
  }
}

function contractOf(url: string): Promise<Contract> {
  const { origin } = new URL(url);
  let contract = contracts.get(origin);
  if (!contract) {
    contract = fetch(`${origin}/api/openapi.json`).then(
      async (response) => new Contract((await response.json()) as Document),
    );
    contracts.set(origin, contract);
  }
  return contract;
}

/** Checks one answer against the document its own server serves. */
export async function checkAnswer(answer: Answer): Promise<void> {
  (await contractOf(answer.url)).check(answer);
}

const SENDERS = ["get", "post", "put", "patch", "delete", "head", "fetch"] as const;

async function checked(method: string, response: APIResponse): Promise<APIResponse> {
  const text = (await response.body()).toString("utf8");
  await checkAnswer({
    method,
    url: response.url(),
    status: response.status(),
    contentType: response.headers()["content-type"] ?? "",
    text,
  });
  return response;
}

/** The context with each request's answer checked before the test sees it. */
function checkedContext(context: APIRequestContext): APIRequestContext {
  return new Proxy(context, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (!(SENDERS as readonly (string | symbol)[]).includes(property)) return value.bind(target);
      return async (url: unknown, options?: { method?: string }) => {
        const method =
          property === "fetch"
            ? (options?.method ??
              (typeof url === "object" && url !== null && "method" in url
                ? String((url as { method(): string }).method())
                : "GET"))
            : String(property);
        return checked(
          method.toUpperCase(),
          await (value as (...args: unknown[]) => Promise<APIResponse>).call(target, url, options),
        );
      };
    },
  });
}

export const test = base.extend({
  request: async ({ request }, provide) => {
    await provide(checkedContext(request));
  },
  playwright: [
    async ({ playwright }, provide) => {
      const newContext: typeof playwright.request.newContext = async (options) =>
        checkedContext(await playwright.request.newContext(options));
      const request = new Proxy(playwright.request, {
        get: (target, property) =>
          property === "newContext" ? newContext : Reflect.get(target, property),
      });
      await provide(
        new Proxy(playwright, {
          get: (target, property) =>
            property === "request" ? request : Reflect.get(target, property),
        }),
      );
    },
    { scope: "worker" },
  ],
});

export { expect };
