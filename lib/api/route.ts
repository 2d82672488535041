import "server-only";
import { after } from "next/server";
import type { z } from "zod";
import { recoverChats } from "@/lib/chat/recovery/recover";
import { countRequest } from "@/lib/chat/store/requests";
import { startWaitingTurns, type RunsWhere } from "@/lib/chat/turns/run";
import { appConfig } from "@/lib/config";
import { AppError, toErrorResponse, type ErrorCode } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams, type QueryReader } from "@/lib/http/request";
import { cookieSettings, duplicateCookie, findVisitor } from "@/lib/http/visitor";

// A route's declaration, and the pipeline every route runs (`apiRoute`, below). An operation is
// the one declaration of a route, written in its route.ts beside the handler that
// serves it (`operation.serve`); the OpenAPI document (lib/api/openapi.ts) describes it from there,
// through the list of route files in app/api/routes.ts, so the two cannot drift apart.

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * A `text/event-stream` answer: each message's `data` is one `eventStream`, until a message
 * `event: <endsWith>` with `data: {}` ends the stream for good.
 */
export type EventStream = { eventStream: z.core.$ZodType; endsWith: string; description: string };

/** What a success status carries: a JSON body, an event stream, or nothing. */
export type Answer = z.core.$ZodType | EventStream | null;
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

type BodyOf<T> = T extends z.core.$ZodType
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

export type Schema = z.ZodType | undefined;
export type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** Starts each chat's waiting turn after the response; a chat named twice in a request starts once. */
export type StartTurns = (...chatIds: string[]) => void;

/** What a route acting for the cookie's visitor needs; a chat not theirs is not found. */
export type VisitorNeeds<P extends Schema, Q> = {
  visitor: true;
  /** A malformed id is not found. */
  params?: P;
  /** Reads the query string or event cursor (invalid-position, invalid-cursor). */
  query?: QueryReader<Q>;
  /** A JSON body of at most 64 KiB, parsed with the schema. */
  body?: z.ZodType;
  /** From the app's own pages only; `counted` also spends the visitor's request window (decision 009). */
  changesState: "counted" | "uncounted" | false;
  /** What the request touches, recovered before its action: its chat, all the visitor's chats, or nothing. */
  recover: false | "visitor's chats" | (Parsed<P> extends { chatId: string } ? "chat" : never);
};

/** What a route the deployment calls itself (the cron sweep, a handed-off turn), or anyone may read, needs. */
export type DeploymentNeeds<P extends Schema, Q = undefined> = {
  visitor: false;
  params?: P;
  /** Read after the admit check, as a visitor's route reads it. */
  query?: QueryReader<Q>;
  /** Where the turns it starts run: here (one chat), or each chat in an invocation of its own (many). */
  turnsRun?: RunsWhere;
} & (
  | { admit: "anyone" }
  | {
      /** Whom the check does not refuse (it throws the refusal). */
      admit: (request: Request, params: Parsed<P>) => void;
      /** What the check reads, named as the OpenAPI document's security schemes name it. */
      credential: DeploymentCredential;
    }
);

/** The deployment's own credentials: Vercel Cron's bearer secret, an instance's signature on a handed-off turn. */
export type DeploymentCredential = "cronSecret" | "turnSignature";

export type VisitorInput<P extends Schema, Q, B> = {
  request: Request;
  visitorId: string;
  params: Parsed<P>;
  query: Q;
  body: B;
  startTurns: StartTurns;
};
export type DeploymentInput<P extends Schema, Q = undefined> = {
  request: Request;
  params: Parsed<P>;
  query: Q;
  startTurns: StartTurns;
};

export type RouteHandler = (
  request: Request,
  context?: { params: Promise<unknown> },
) => Promise<Response>;

/**
 * One order for every route: origin, params, visitor, query, body, count and recover (one statement),
 * action; waiting turns run after the response. The first refusal answers through `toErrorResponse`.
 */
export function apiRoute<P extends Schema = undefined, Q = undefined, B extends Schema = undefined>(
  needs: VisitorNeeds<P, Q> & { body?: B },
  handle: (input: VisitorInput<P, Q, Parsed<B>>) => Promise<Response>,
): RouteHandler;
export function apiRoute<P extends Schema = undefined, Q = undefined>(
  needs: DeploymentNeeds<P, Q>,
  handle: (input: DeploymentInput<P, Q>) => Promise<Response>,
): RouteHandler;
export function apiRoute(
  needs: VisitorNeeds<Schema, unknown> | DeploymentNeeds<Schema, unknown>,
  handle: (input: never) => Promise<Response>,
): RouteHandler {
  return async (request, context) => {
    try {
      const input = needs.visitor
        ? await visitorInput(needs, request, context)
        : await deploymentInput(needs, request, context);
      return await (
        handle as (
          input: VisitorInput<Schema, unknown, unknown> | DeploymentInput<Schema, unknown>,
        ) => Promise<Response>
      )(input);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** An action that may start the chat's turn: its outcome is the answer (200), and a `sent` one's turn runs after it. */
export function startsTurn<
  I extends { chatId: string; visitorId: string },
  O extends { status: string },
>(action: (input: I) => Promise<O>) {
  return async ({
    visitorId,
    params: { chatId },
    body,
    startTurns,
  }: VisitorInput<z.ZodType<{ chatId: string }>, unknown, Omit<I, "chatId" | "visitorId">>) => {
    const outcome = await action({ ...body, chatId, visitorId } as I);
    if (outcome.status === "sent") startTurns(chatId);
    return { status: 200 as const, body: outcome };
  };
}

type Context = { params: Promise<unknown> } | undefined;

async function visitorInput(
  needs: VisitorNeeds<Schema, unknown>,
  request: Request,
  context: Context,
): Promise<VisitorInput<Schema, unknown, unknown>> {
  if (needs.changesState) assertSameOrigin(request);
  const params = await parseRouteParams(needs.params, context);
  const visitorId = await requireVisitor(request);
  const query = needs.query?.read(request);
  const body = needs.body ? await parseJsonBody(request, needs.body) : undefined;
  const counted = needs.changesState === "counted";
  const startTurns = turnStarter(needs.recover === "visitor's chats" ? "own invocations" : "here");
  if (needs.recover) {
    const chatId =
      needs.recover === "visitor's chats" ? undefined : (params as { chatId: string }).chatId;
    startTurns(...(await recoverChats({ visitorId, chatId }, { count: counted })));
  } else if (counted) {
    await countRequest({ visitorId });
  }
  return { request, visitorId, params, query, body, startTurns };
}

async function deploymentInput(
  needs: DeploymentNeeds<Schema, unknown>,
  request: Request,
  context: Context,
): Promise<DeploymentInput<Schema, unknown>> {
  const params = await parseRouteParams(needs.params, context);
  if (needs.admit !== "anyone") needs.admit(request, params);
  return {
    request,
    params,
    query: needs.query?.read(request),
    startTurns: turnStarter(needs.turnsRun ?? "here"),
  };
}

async function parseRouteParams(schema: Schema, context: Context): Promise<unknown> {
  return schema ? parseParams(await context?.params, schema) : undefined;
}

function turnStarter(where: RunsWhere): StartTurns {
  const started = new Set<string>();
  return (...chatIds) => {
    const fresh = chatIds.filter((chatId) => !started.has(chatId));
    for (const chatId of fresh) started.add(chatId);
    if (fresh.length > 0) after(() => startWaitingTurns(fresh, where));
  };
}

/** The signed-in visitor of the request. Without a valid, unexpired cookie nothing is found. */
async function requireVisitor(request: Request): Promise<string> {
  const cookies = request.headers.get("cookie");
  const visitor = await findVisitor(cookies, cookieSettings(appConfig()));
  if (visitor.status === "duplicate") throw duplicateCookie();
  if (visitor.status === "missing") throw new AppError("not-found");
  return visitor.id;
}
