import { openApiDocument } from "../routes";
import { openApiDocumentSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** This API's OpenAPI 3.1 document, generated from the schemas the routes parse with. */
export const GET = defineOperation({
  operationId: "openApiDocument",
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: openApiDocumentSchema },
}).serve(async () => ({
  status: 200,
  body: openApiDocument(),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
