import "server-only";
import type { z } from "zod";
import { driveAfterResponse, type Reach } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/turns/heal";
import { toErrorResponse } from "./errors";
import { countRequest } from "./rate-limit";
import { assertSameOrigin, parseJsonBody, parseParams } from "./request";
import { requireVisitor } from "./visitor";

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** Runs each chat's waiting turn after the response; a chat named twice in a request runs once. */
export type Drive = (...chatIds: string[]) => void;

/** A route acting for the cookie's visitor: a chat not theirs is not found. */
export type VisitorRoute<P extends z.ZodType | undefined, Q, B extends z.ZodType | undefined> = {
  visitor: true;
  /** A malformed id is not found. */
  params?: P;
  /** Reads the query string or event cursor (invalid-position, invalid-cursor). */
  query?: (request: Request) => Q;
  /** A JSON body of at most 64 KiB, parsed with the schema. */
  body?: B;
  /** From the app's own pages only; `counted` also spends the visitor's request window (decision 009). */
  changesState: "counted" | "uncounted" | false;
  /** What the request touches, healed before its action: its chat, all the visitor's chats, or nothing. */
  heal: false | "visitor's chats" | (Parsed<P> extends { chatId: string } ? "chat" : never);
  handle: (input: { request: Request; visitorId: string; params: Parsed<P>; query: Q; body: Parsed<B>; drive: Drive }) => Promise<Response>;
};

/** A route the deployment calls itself (the cron sweep, a handed-off turn) or anyone may read. */
export type DeploymentRoute<P extends z.ZodType | undefined> = {
  visitor: false;
  params?: P;
  /** Who gets through: anyone, or whom the check does not refuse (it throws the refusal). */
  admit: "anyone" | ((request: Request, params: Parsed<P>) => void);
  /** Whether the chats it drives are one (run here) or many (each in an invocation of its own). */
  reach?: Reach;
  handle: (input: { request: Request; params: Parsed<P>; drive: Drive }) => Promise<Response>;
};

export type RouteHandler = (request: Request, context?: { params: Promise<unknown> }) => Promise<Response>;

/**
 * Every API route, in one order: the origin (state-changing routes), params, the visitor, the
 * query, the body, the count and the heal (one statement), the action; what it found waiting runs
 * after the response. The first refusal leaves through `toErrorResponse`, having written nothing.
 */
export function apiRoute<P extends z.ZodType | undefined = undefined, Q = undefined, B extends z.ZodType | undefined = undefined>(
  route: VisitorRoute<P, Q, B> | DeploymentRoute<P>,
): RouteHandler {
  return async (request, context) => {
    try {
      return route.visitor ? await serveVisitor(route, request, context) : await serveDeployment(route, request, context);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

async function serveVisitor<P extends z.ZodType | undefined, Q, B extends z.ZodType | undefined>(
  route: VisitorRoute<P, Q, B>,
  request: Request,
  context: { params: Promise<unknown> } | undefined,
): Promise<Response> {
  if (route.changesState) assertSameOrigin(request);
  const params: Parsed<P> = await parseRouteParams<P>(route.params, context);
  const visitorId = await requireVisitor(request);
  const query = route.query?.(request) as Q;
  const body = (route.body ? await parseJsonBody(request, route.body) : undefined) as Parsed<B>;
  const counted = route.changesState === "counted";
  const drive = driver(route.heal === "visitor's chats" ? "many chats" : "one chat");
  if (route.heal) {
    const chatId = route.heal === "chat" ? (params as { chatId: string }).chatId : undefined;
    drive(...(await healChats({ visitorId, chatId }, { count: counted })));
  } else if (counted) {
    await countRequest({ visitorId });
  }
  return route.handle({ request, visitorId, params, query, body, drive });
}

async function serveDeployment<P extends z.ZodType | undefined>(route: DeploymentRoute<P>, request: Request, context: { params: Promise<unknown> } | undefined): Promise<Response> {
  const params: Parsed<P> = await parseRouteParams<P>(route.params, context);
  if (route.admit !== "anyone") route.admit(request, params);
  return route.handle({ request, params, drive: driver(route.reach ?? "one chat") });
}

async function parseRouteParams<P extends z.ZodType | undefined>(schema: P | undefined, context: { params: Promise<unknown> } | undefined): Promise<Parsed<P>> {
  const params: unknown = schema ? parseParams(await context?.params, schema) : undefined;
  return params as Parsed<P>;
}

function driver(reach: Reach): Drive {
  const driven = new Set<string>();
  return (...chatIds) => {
    const fresh = chatIds.filter((chatId) => !driven.has(chatId));
    for (const chatId of fresh) driven.add(chatId);
    driveAfterResponse(fresh, reach);
  };
}
