import "server-only";
import { TURN_SIGNATURE_HEADER, verifyTurnRequest } from "@/lib/chat/turns/hand-off";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { healthSchema, openApiDocumentSchema, sweepResultSchema } from "@/lib/chat/wire/responses";
import { assertCronRequest } from "@/lib/http/cron";
import { AppError } from "@/lib/http/errors";
import { defineOperation } from "../operation";

// Routes the deployment calls itself, or anyone may read: no visitor, no cookie.

export const health = defineOperation({
  method: "GET",
  path: "/api/health",
  summary: "The database, this instance's LISTEN and the protocol version",
  description:
    "`deaf` or `down` still serves, polling, so `degraded` but 200; an unreachable database answers 503. `oldestStuckTurnSeconds` past the sweep interval means nothing is sweeping.",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: healthSchema, 503: healthSchema },
});

export const openApiDocument = defineOperation({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: openApiDocumentSchema },
});

export const sweep = defineOperation({
  method: "GET",
  path: "/api/cron/sweep",
  summary: "The periodic sweep Vercel Cron calls, so chats nobody opens still heal",
  description:
    "Only the cron secret (`Authorization: Bearer`) gets through; `skipped: true` while another sweep runs.",
  needs: { visitor: false, admit: (request) => assertCronRequest(request), reach: "many chats" },
  responses: { 200: sweepResultSchema },
  refusals: ["unauthorized", "database-busy", "database-unavailable"],
});

// Only this deployment's instances sign (with the session secret); to anyone else the route does not exist.
function signedHere(request: Request, { chatId }: { chatId: string }): void {
  if (!verifyTurnRequest(chatId, request.headers.get(TURN_SIGNATURE_HEADER)))
    throw new AppError("not-found", "Not found.");
}

export const runHandedOffTurn = defineOperation({
  method: "POST",
  path: "/api/internal/turns/{chatId}",
  summary:
    "Runs a chat's waiting turn in an invocation of its own (signed by this deployment only)",
  needs: { visitor: false, params: chatParamsSchema, admit: signedHere },
  responses: { 202: null },
  refusals: ["not-found"],
});
