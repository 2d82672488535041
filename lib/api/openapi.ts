import "server-only";
import { z } from "zod";
import { errorBodySchema, ERROR_STATUS, type ErrorCode } from "../http/errors";
import {
  chatEventSchema,
  chatViewSchema,
  itemViewSchema,
  partSchema,
  uiBlockSchema,
} from "../chat/wire";
import type { openApiDocumentSchema } from "../chat/wire/responses";
import { isEventStream, type Documented } from "./route";
import { PROTOCOL_VERSION } from "./protocol";

// The OpenAPI 3.1 document, generated from the operations' own zod schemas (`z.toJSONSchema`).
// Adding a route: declare its operation in its route.ts and serve it there with
// `defineOperation({…}).serve(handler)`, then name the file in app/api/routes.ts; the document,
// its tests and the API tests pick it up from there.

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/** Shared wire shapes, named so the document refers to them once. */
const NAMED: Record<string, z.core.$ZodType> = {
  ChatView: chatViewSchema,
  ItemView: itemViewSchema,
  Part: partSchema,
  UiBlock: uiBlockSchema,
  ChatEvent: chatEventSchema,
  Refusal: errorBodySchema,
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

/** The document of these operations, in their order (app/api/routes.ts builds it once per process). */
export function buildOpenApiDocument(operations: readonly Documented[]): OpenApiDocument {
  const registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() };
  for (const [id, schema] of Object.entries(NAMED)) registries.output.add(schema, { id });
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
  return {
    openapi: "3.1.0",
    info: {
      title: "Answerable API",
      version: PROTOCOL_VERSION,
      description:
        "The wire protocol of an Answerable deployment. A refusal answers a stable `code` (lib/http/errors.ts) and writes nothing; state-changing requests come from the app's own pages (`Origin`) with the visitor's cookie.",
    },
    paths,
    components: {
      schemas: {
        ...components("input", registries.input),
        ...components("output", registries.output),
      },
    },
  };
}

type Namers = {
  body: (schema: z.core.$ZodType) => JsonSchema;
  answer: (schema: z.core.$ZodType, status: number) => JsonSchema;
};

function describe(operationId: string, operation: Documented, namers: Namers): JsonSchema {
  const { needs } = operation;
  const parameters = [
    ...parametersOf(needs.params, "path"),
    ...parametersOf(needs.query?.schema, "query"),
    ...(needs.query?.header
      ? [
          {
            name: needs.query.header.name,
            in: "header",
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
            "x-event-data": namers.answer(answer.eventStream, Number(status)),
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

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function inline(schema: unknown, io: Io): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema as z.ZodType, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return json;
}

/** The registry's schemas as components; zod's shared definitions (recursive JSON values) become components too. */
function components(
  io: Io,
  registry: z.core.$ZodRegistry<{ id: string }>,
): Record<string, JsonSchema> {
  const prefix = io === "input" ? "Input" : "";
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const text = JSON.stringify(schemas).replace(
    /#\/components\/schemas\/__shared#\/\$defs\/schema(\d+)/g,
    `#/components/schemas/${prefix}Recursive$1`,
  );
  const parsed = JSON.parse(text) as Record<
    string,
    JsonSchema & { $defs?: Record<string, JsonSchema> }
  >;
  const out: Record<string, JsonSchema> = {};
  for (const [id, { $schema: _, $id: __, ...schema }] of Object.entries(parsed)) {
    if (id === "__shared")
      for (const [def, shared] of Object.entries(schema.$defs ?? {}))
        out[`${prefix}Recursive${def.replace("schema", "")}`] = shared;
    else out[id] = schema;
  }
  return out;
}
