import "server-only";
import type { z } from "zod";
import { AppError, toErrorResponse, type ErrorCode } from "../http/errors";
import {
  apiRoute,
  type DeploymentInput,
  type DeploymentNeeds,
  type Parsed,
  type RouteHandler,
  type Schema,
  type VisitorInput,
  type VisitorNeeds,
} from "./route";

// An operation is the one declaration of a route, written in its route.ts beside the handler that
// serves it (`operation.serve`); the OpenAPI document (lib/api/openapi.ts) describes it from there,
// through the list of route files in app/api/routes.ts, so the two cannot drift apart.

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A `text/event-stream` answer: each message's `data` is one `eventStream`. */
export type EventStream = { eventStream: z.ZodType; description: string };

/** What a success status carries: a JSON body, an event stream, or nothing. */
export type Answer = z.ZodType | EventStream | null;
export type Answers = { readonly [status: number]: Answer };

type Described<A extends Answers> = {
  /** The document's `operationId`, and the prefix of the names it gives the operation's schemas. */
  operationId: string;
  method: Method;
  /** As OpenAPI writes it: `/api/chats/{chatId}`. */
  path: string;
  summary: string;
  description?: string;
  responses: A;
  /** What the action (or the admit check) refuses; the pipeline's own refusals follow from `needs`. */
  refusals?: readonly ErrorCode[];
};

type VisitorDeclaration<P extends Schema, Q, B extends Schema, A extends Answers> = Described<A> & {
  needs: VisitorNeeds<P, Q> & { body?: B };
};
type DeploymentDeclaration<P extends Schema, Q, A extends Answers> = Described<A> & {
  needs: DeploymentNeeds<P, Q>;
};

/** What the OpenAPI document reads of an operation. */
export type Documented = Described<Answers> & {
  needs: VisitorNeeds<Schema, unknown> | DeploymentNeeds<Schema, unknown>;
};

/** A route file's exported method: the handler, carrying the operation it serves. */
export type Served = RouteHandler & { readonly operation: Documented };

/** A declared operation; its route is `serve(handler)`, the handler typed by the operation's needs and answers. */
export type Operation<I = never, A extends Answers = Answers> = Described<A> & {
  needs: Documented["needs"];
  // A method, not a generic function: the handler's reply is checked against these statuses, literals kept.
  serve(handle: (input: I) => Promise<Reply<A>>): Served;
};

type BodyOf<T> = T extends z.ZodType
  ? z.infer<T>
  : T extends EventStream
    ? ReadableStream<Uint8Array>
    : null;

/** A handler's answer: one of the operation's statuses with that status's body, so another shape fails typecheck. */
export type Reply<A extends Answers> = {
  [S in keyof A & number]: { status: S; body: BodyOf<A[S]>; headers?: Record<string, string> };
}[keyof A & number];

export function defineOperation<
  P extends Schema = undefined,
  Q = undefined,
  B extends Schema = undefined,
  const A extends Answers = Answers,
>(operation: VisitorDeclaration<P, Q, B, A>): Operation<VisitorInput<P, Q, Parsed<B>>, A>;
export function defineOperation<
  P extends Schema = undefined,
  Q = undefined,
  const A extends Answers = Answers,
>(operation: DeploymentDeclaration<P, Q, A>): Operation<DeploymentInput<P, Q>, A>;
export function defineOperation(declaration: Documented): Operation {
  const operation: Operation = {
    ...declaration,
    // One order for every route (`apiRoute`); the handler's reply becomes the response.
    serve: (handle) =>
      Object.assign(
        apiRoute(declaration.needs as DeploymentNeeds<undefined>, async (input) =>
          toResponse(operation, await handle(input as never)),
        ),
        { operation: declaration },
      ),
  };
  return operation;
}

/** The methods Next routes to a route file's exports; it answers any other method itself. */
export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A route's `Allow`: its methods, with OPTIONS, and HEAD beside GET (Next answers HEAD with GET). */
export function allowOf(served: readonly Served[]): string {
  const methods = new Set<string>(["OPTIONS", ...served.map(({ operation }) => operation.method)]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

/**
 * Every method for the route file to export beside those it serves: Next answers a method a file
 * does not export with an empty 405 and no `Allow`, and OPTIONS with every name the file exports.
 * These answer 405 with a JSON refusal and the route's `Allow`, and OPTIONS with 204 and the same.
 * A route file takes the ones it does not serve: `export const { PUT, PATCH, DELETE, OPTIONS } =
 * otherMethods(GET, POST);` (HEAD too, where it serves no GET).
 */
export function otherMethods(...served: Served[]): Record<HttpMethod, RouteHandler> {
  const allow = allowOf(served);
  const refuse: RouteHandler = async (request) => {
    const response = toErrorResponse(
      new AppError("method-not-allowed", `${request.method} is not served here.`),
    );
    response.headers.set("allow", allow);
    return response;
  };
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { allow } });
  return {
    GET: refuse,
    HEAD: refuse,
    OPTIONS: options,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
  };
}

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

export function isEventStream(answer: Answer | undefined): answer is EventStream {
  return typeof answer === "object" && answer !== null && "eventStream" in answer;
}

function toResponse(
  operation: Documented,
  { status, body, headers }: { status: number; body: unknown; headers?: Record<string, string> },
): Response {
  const answer = operation.responses[status];
  if (isEventStream(answer))
    return new Response(body as ReadableStream<Uint8Array>, {
      status,
      headers: { ...SSE_HEADERS, ...headers },
    });
  if (answer === null) return new Response(null, { status, headers });
  return Response.json(body, { status, headers });
}
