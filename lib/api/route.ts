import "server-only";
import type { z } from "zod";
import { driveAfterResponse, type Reach } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/healing/heal";
import { toErrorResponse } from "../http/errors";
import { countRequest } from "../http/rate-limit";
import { assertSameOrigin, parseJsonBody, parseParams, type QueryReader } from "../http/request";
import { requireVisitor } from "../http/visitor";

export type Schema = z.ZodType | undefined;
export type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** Runs each chat's waiting turn after the response; a chat named twice in a request runs once. */
export type Drive = (...chatIds: string[]) => void;

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
  /** What the request touches, healed before its action: its chat, all the visitor's chats, or nothing. */
  heal: false | "visitor's chats" | (Parsed<P> extends { chatId: string } ? "chat" : never);
};

/** What a route the deployment calls itself (the cron sweep, a handed-off turn), or anyone may read, needs. */
export type DeploymentNeeds<P extends Schema, Q = undefined> = {
  visitor: false;
  params?: P;
  /** Read after the admit check, as a visitor's route reads it. */
  query?: QueryReader<Q>;
  /** Who gets through: anyone, or whom the check does not refuse (it throws the refusal). */
  admit: "anyone" | ((request: Request, params: Parsed<P>) => void);
  /** Whether the chats it drives are one (run here) or many (each in an invocation of its own). */
  reach?: Reach;
};

export type VisitorInput<P extends Schema, Q, B> = {
  request: Request;
  visitorId: string;
  params: Parsed<P>;
  query: Q;
  body: B;
  drive: Drive;
};
export type DeploymentInput<P extends Schema, Q = undefined> = {
  request: Request;
  params: Parsed<P>;
  query: Q;
  drive: Drive;
};

export type RouteHandler = (
  request: Request,
  context?: { params: Promise<unknown> },
) => Promise<Response>;

/**
 * One order for every route: origin, params, visitor, query, body, count and heal (one statement),
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
    drive,
  }: VisitorInput<z.ZodType<{ chatId: string }>, unknown, Omit<I, "chatId" | "visitorId">>) => {
    const outcome = await action({ ...body, chatId, visitorId } as I);
    if (outcome.status === "sent") drive(chatId);
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
  const drive = driver(needs.heal === "visitor's chats" ? "many chats" : "one chat");
  if (needs.heal) {
    const chatId =
      needs.heal === "visitor's chats" ? undefined : (params as { chatId: string }).chatId;
    drive(...(await healChats({ visitorId, chatId }, { count: counted })));
  } else if (counted) {
    await countRequest({ visitorId });
  }
  return { request, visitorId, params, query, body, drive };
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
    drive: driver(needs.reach ?? "one chat"),
  };
}

async function parseRouteParams(schema: Schema, context: Context): Promise<unknown> {
  return schema ? parseParams(await context?.params, schema) : undefined;
}

function driver(reach: Reach): Drive {
  const driven = new Set<string>();
  return (...chatIds) => {
    const fresh = chatIds.filter((chatId) => !driven.has(chatId));
    for (const chatId of fresh) driven.add(chatId);
    driveAfterResponse(fresh, reach);
  };
}
