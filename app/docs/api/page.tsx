import type { Metadata } from "next";
import { openApiDocument } from "@/app/api/routes";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

/** The OpenAPI document (`/api/openapi.json`) drawn for reading; its renderer loads on this page only. */
export default function ApiReferencePage() {
  return (
    <div className="h-full overflow-y-auto">
      <ApiReference document={openApiDocument()} />
    </div>
  );
}
