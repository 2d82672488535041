import { openApiDocument } from "../routes";
import { openApiDocumentSchema } from "@/lib/chat/wire/responses";
import { servedFrom } from "@/lib/api/openapi";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** This API's OpenAPI 3.2 document, generated from the schemas the routes parse with. */
export const GET = defineOperation({
  operationId: "openApiDocument",
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: openApiDocumentSchema },
}).serve(async ({ request }) => ({
  status: 200,
  body: servedFrom(openApiDocument(), new URL(request.url).origin),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
