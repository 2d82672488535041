import "server-only";
import { z } from "zod";
import { errorBodySchema, ERROR_STATUS, type ErrorCode } from "../http/errors";
import {
  chatEventSchema,
  chatViewSchema,
  itemViewSchema,
  partSchema,
  uiBlockSchema,
  uiExprSchema,
  uiNodeSchema,
} from "../chat/wire";
import { plainRecordSchema } from "../chat/wire/requests";
import { answerableDataPartSchemas } from "../ai-sdk/data-parts";
import {
  ChoiceActionInputSchema,
  ChoiceListPropsSchema,
  jsonRecordSchema,
  jsonValueSchema,
} from "../component-frames";
import type { openApiDocumentSchema } from "../chat/wire/responses";
import {
  isEventStream,
  type DeploymentCredential,
  type Documented,
  type EventStream,
} from "./route";
import { PROTOCOL_VERSION } from "./protocol";
import { TURN_SIGNATURE_HEADER } from "../chat/turns/hand-off";

// The OpenAPI 3.2 document, generated from the operations' own zod schemas (`z.toJSONSchema`).
// Adding a route: declare its operation in its route.ts and serve it there with
// `defineOperation({…}).serve(handler)`, then name the file in app/api/routes.ts; the document,
// its tests and the API tests pick it up from there.

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/**
 * Shared wire shapes, named so the document refers to them once. A recursive schema must be named
 * here: zod would otherwise give it a made-up name per place it is used.
 */
const NAMED: Record<string, z.core.$ZodType> = {
  UiExpr: uiExprSchema,
  UiNode: uiNodeSchema,
  ChatView: chatViewSchema,
  ItemView: itemViewSchema,
  Part: partSchema,
  UiBlock: uiBlockSchema,
  ChatEvent: chatEventSchema,
  Refusal: errorBodySchema,
  ChoiceListProps: ChoiceListPropsSchema,
  // What AnswerableChatTransport (lib/ai-sdk) turns these events into: `data-<name>` parts.
  ...Object.fromEntries(
    Object.entries(answerableDataPartSchemas).map(([name, schema]) => [dataPartId(name), schema]),
  ),
};

/** `ui-block` → `UiBlockData`. */
function dataPartId(name: string): string {
  return `${name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Data`;
}

const JSON_RECORD = {
  id: "JsonRecord",
  json: { type: "object", additionalProperties: ref("JsonValue") },
};
/**
 * Schemas whose JSON Schema is written here: those checked by code rather than shape (`z.custom`),
 * and any JSON value. Its arrays hold `{}` (in JSON, any value) rather than itself: a type that
 * reaches itself through an array alone is one TypeScript refuses (TS2502) in the types
 * openapi-typescript generates; through an object it is fine.
 */
const WRITTEN_HERE = new Map<z.core.$ZodType, { id: string; json: JsonSchema }>([
  [
    jsonValueSchema,
    {
      id: "JsonValue",
      json: {
        description: "Any JSON value.",
        anyOf: [
          { type: "string" },
          { type: "number" },
          { type: "boolean" },
          { type: "null" },
          { type: "array", items: {} },
          ref("JsonRecord"),
        ],
      },
    },
  ],
  [jsonRecordSchema, JSON_RECORD],
  // A block's values and an edited action's input: objects of JSON values (code refuses hostile keys).
  [plainRecordSchema, JSON_RECORD],
  [ChoiceActionInputSchema, JSON_RECORD],
]);

/** How the document names the deployment's own credentials (lib/http/cron.ts, lib/chat/turns/hand-off.ts). */
const DEPLOYMENT_SCHEMES: Record<DeploymentCredential, JsonSchema> = {
  cronSecret: {
    type: "http",
    scheme: "bearer",
    description:
      "`CRON_SECRET`, as Vercel Cron sends it; without one configured nobody gets through.",
  },
  turnSignature: {
    type: "apiKey",
    in: "header",
    name: TURN_SIGNATURE_HEADER,
    description:
      "Signed by this deployment's instances with the session secret; to anyone else the route does not exist.",
  },
};

/** proxy.ts's matcher leaves these out, so neither a malformed path nor a doubled cookie is refused before them. */
const UNPROXIED = new Set(["/api/health"]);

/** What the pipeline (lib/api/route.ts, proxy.ts) can refuse for these needs, before or around the action. */
export function pipelineRefusals({ path, needs }: Documented): ErrorCode[] {
  const codes: ErrorCode[] = UNPROXIED.has(path) ? [] : ["invalid-path", "duplicate-cookie"];
  if (needs.params) codes.push("not-found");
  if (needs.query) codes.push(needs.query.refusal);
  if (needs.visitor) {
    if (needs.changesState) codes.push("forbidden-origin");
    codes.push("not-found");
    if (needs.body)
      codes.push("unsupported-media-type", "body-too-large", "invalid-body", "invalid-text");
    if (needs.changesState === "counted") codes.push("rate-limited");
    codes.push("database-busy", "database-unavailable");
  }
  return [...codes, "internal"];
}

export function refusalsOf(operation: Documented): ErrorCode[] {
  return [...new Set([...pipelineRefusals(operation), ...(operation.refusals ?? [])])];
}

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

/** The visitor cookie's name where the document is served (`__Host-` behind https). */
export type Deployment = { visitorCookie: string };

/** The document as served from `origin`; built, it names the host that serves it (`/`). */
export function servedFrom(document: OpenApiDocument, origin: string): OpenApiDocument {
  return { ...document, servers: [{ url: origin, description: "This deployment." }] };
}

/** The document of these operations, in their order (app/api/routes.ts builds it once per process). */
export function buildOpenApiDocument(
  operations: readonly Documented[],
  { visitorCookie }: Deployment,
): OpenApiDocument {
  const registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() };
  for (const [id, schema] of Object.entries(NAMED))
    for (const registry of Object.values(registries)) registry.add(schema, { id });
  for (const [schema, { id }] of WRITTEN_HERE)
    for (const registry of Object.values(registries)) registry.add(schema, { id });
  const name = (io: Io, schema: z.core.$ZodType, id: string) => {
    const registry = registries[io];
    if (!registry.has(schema)) registry.add(schema, { id });
    return ref(registry.get(schema)!.id);
  };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    const { operationId } = operation;
    const title = operationId[0]!.toUpperCase() + operationId.slice(1);
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = describe(
      operationId,
      operation,
      {
        body: (schema) => name("input", schema, `${title}Body`),
        answer: (schema, status) => name("output", schema, `${title}${status}`),
      },
    );
  }
  return servedFrom(
    {
      openapi: "3.2.0",
      info: {
        title: "Answerable API",
        version: PROTOCOL_VERSION,
        description:
          "The wire protocol of an Answerable deployment. A refusal answers a stable `code` (lib/http/errors.ts) and writes nothing. A visitor is the cookie `visitorCookie` names: any request without a valid one is issued one, and a client keeps it and sends it back, as a browser does. State-changing requests also send the app's own `Origin`.",
        contact: { name: "Answerable", url: "https://github.com/answerable-dev/answerable" },
      },
      tags: TAGS,
      paths,
      components: {
        schemas: {
          ...components("input", registries.input),
          ...components("output", registries.output),
        },
        parameters: { Origin: ORIGIN_HEADER },
        securitySchemes: {
          visitorCookie: {
            type: "apiKey",
            in: "cookie",
            name: visitorCookie,
            description:
              "Issued (`Set-Cookie`, HttpOnly, SameSite=Lax) by any response to a request that carries no valid one, and again as it ages: keep the newest and send it back. Two cookies of the name are refused `duplicate-cookie`; a chat of another visitor is not found.",
          },
          ...DEPLOYMENT_SCHEMES,
        },
      },
      // A relative URL is the host that serves the document; GET /api/openapi.json names its origin.
    },
    "/",
  );
}

const TAGS = [
  {
    name: "chats",
    description: "A visitor's chats, their replies and answers: the visitor cookie.",
  },
  { name: "shares", description: "A chat read through a share link: the token is the credential." },
  {
    name: "deployment",
    description: "The deployment's own: health, this document, the sweep and handed-off turns.",
  },
];

function tagOf({ path, needs }: Documented): string {
  if (needs.visitor) return "chats";
  return path.startsWith("/api/shares/") ? "shares" : "deployment";
}

/** What a state-changing request must carry besides the cookie (lib/http/request.ts `assertSameOrigin`). */
const ORIGIN_HEADER = {
  name: "Origin",
  in: "header",
  required: true,
  description:
    "The app's own origin (APP_ORIGIN, the platform's URLs, or loopback): a browser sends it itself; any other client must. Missing or foreign: `forbidden-origin`.",
  schema: { type: "string" },
};

function securityOf({ needs }: Documented): Array<Record<string, string[]>> {
  if (needs.visitor) return [{ visitorCookie: [] }];
  return needs.admit === "anyone" ? [] : [{ [needs.credential]: [] }];
}

type Namers = {
  body: (schema: z.core.$ZodType) => JsonSchema;
  answer: (schema: z.core.$ZodType, status: number) => JsonSchema;
};

function describe(operationId: string, operation: Documented, namers: Namers): JsonSchema {
  const { needs } = operation;
  const parameters = [
    ...(needs.visitor && needs.changesState ? [{ $ref: "#/components/parameters/Origin" }] : []),
    ...parametersOf(needs.params, "path"),
    ...parametersOf(needs.query?.schema, "query"),
    ...(needs.query?.header
      ? [
          {
            name: needs.query.header.name,
            in: "header",
            description: needs.query.header.description,
            required: false,
            schema: inline(needs.query.header.schema, "input"),
          },
        ]
      : []),
  ];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(operation.responses)) {
    if (answer === null) responses[status] = { description: "No body." };
    else if (isEventStream(answer))
      responses[status] = {
        description: answer.description,
        content: {
          "text/event-stream": {
            schema: { type: "string" },
            itemSchema: eventMessage(answer, namers.answer(answer.eventStream, Number(status))),
          },
        },
      };
    else
      responses[status] = {
        description: "Success.",
        content: { "application/json": { schema: namers.answer(answer, Number(status)) } },
      };
  }
  for (const [status, codes] of byStatus(refusalsOf(operation))) {
    const schema = { allOf: [ref("Refusal"), { properties: { code: { enum: codes } } }] };
    responses[status] = {
      description: `Refused: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
      content: { "application/json": { schema } },
    };
  }
  return {
    operationId,
    tags: [tagOf(operation)],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(needs.visitor && needs.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: namers.body(needs.body) } },
          },
        }
      : {}),
    responses,
    security: securityOf(operation),
  };
}

/** One Server-Sent Events message (OpenAPI 3.2's `itemSchema`): an event of the log, the database's beat, or the end. */
function eventMessage({ endsWith }: EventStream, data: JsonSchema): JsonSchema {
  return {
    oneOf: [
      {
        type: "object",
        properties: {
          id: {
            type: "string",
            pattern: "^[0-9]+$",
            description:
              "The event's sequence number: it only grows, and may skip (a finished reply's streamed events are compacted away). Send the last one as `Last-Event-ID` to resume.",
          },
          data: { type: "string", contentMediaType: "application/json", contentSchema: data },
        },
        required: ["id", "data"],
      },
      {
        type: "object",
        properties: { event: { const: endsWith }, data: { const: "{}" } },
        required: ["event", "data"],
        description: "The stream's last message: close it and do not reconnect.",
      },
      {
        type: "object",
        properties: { event: { const: "database-answered" }, data: { const: "{}" } },
        required: ["event", "data"],
        description:
          "Every 1.5 s, once the database answered a round trip: a stream that hears none for a few seconds is open on a database that does not answer.",
      },
      {
        type: "object",
        properties: { retry: { type: "integer" } },
        required: ["retry"],
        description: "The first message: how long to wait before reconnecting, in milliseconds.",
      },
    ],
  };
}

function byStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of codes)
    grouped.set(ERROR_STATUS[code], [...(grouped.get(ERROR_STATUS[code]) ?? []), code]);
  return grouped;
}

function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): JsonSchema[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || !property.safeParse(undefined).success,
    schema: inline(property, "input"),
  }));
}

function ref(id: string): JsonSchema {
  return { $ref: `#/components/schemas/${id}` };
}

function inline(schema: unknown, io: Io): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema as z.ZodType, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return json;
}

/** The registry's schemas as components; a schema zod would have to share unnamed fails the build. */
function components(
  io: Io,
  registry: z.core.$ZodRegistry<{ id: string }>,
): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ zodSchema, jsonSchema }) => {
      const written = WRITTEN_HERE.get(zodSchema);
      if (!written) return;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, written.json);
    },
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, { $schema: _, $id: __, ...schema }] of Object.entries(schemas)) {
    if (id === "__shared")
      throw new Error(
        `A recursive schema has no name: name it in NAMED (lib/api/openapi.ts). ${JSON.stringify(schema).slice(0, 200)}`,
      );
    out[id] = schema;
  }
  return out;
}
