import "server-only";
import type { z } from "zod";
import type { ErrorCode } from "../http/errors";
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

// An operation is the one declaration of a route: the route serves it (`operation.serve`) and the
// OpenAPI document describes it (lib/api/openapi.ts), so the two cannot drift apart.
// Adding a route: one `defineOperation` in lib/api/operations/, and `export const POST =
// operation.serve(handler)` in its route.ts; the document and its tests pick it up from there.

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A `text/event-stream` answer: each message's `data` is one `eventStream`. */
export type EventStream = { eventStream: z.ZodType; description: string };

/** What a success status carries: a JSON body, an event stream, or nothing. */
export type Answer = z.ZodType | EventStream | null;
export type Answers = { readonly [status: number]: Answer };

type Described<A extends Answers> = {
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

/** A declared operation; its route is `serve(handler)`, the handler typed by the operation's needs and answers. */
export type Operation<I = never, A extends Answers = Answers> = Described<A> & {
  needs: Documented["needs"];
  // A method, not a generic function: the handler's reply is checked against these statuses, literals kept.
  serve(handle: (input: I) => Promise<Reply<A>>): RouteHandler;
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
      apiRoute(declaration.needs as DeploymentNeeds<undefined>, async (input) =>
        toResponse(operation, await handle(input as never)),
      ),
  };
  return operation;
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
