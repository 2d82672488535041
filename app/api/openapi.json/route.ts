import * as operations from "@/lib/api/operations/deployment";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

/** This API's OpenAPI 3.1 document, generated from the schemas the routes parse with. */
export const GET = operations.openApiDocument.serve(async () => ({
  status: 200,
  body: openApiDocument(),
}));
