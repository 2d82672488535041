import type { Metadata } from "next";
import { openApiDocument } from "@/app/api/routes";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

/** The OpenAPI document (`/api/openapi.json`) drawn for reading; its renderer loads on this page only. */
export default function ApiReferencePage() {
  return (
    <div className="h-full overflow-y-auto">
      <ApiReference document={untagged(openApiDocument())} />
    </div>
  );
}

type Operations = Record<string, Record<string, unknown>>;

/**
 * The document without its tags, for the renderer alone: its classic layout draws each tag's
 * heading inside a disclosure button beside a copy-link button, controls nested in a control
 * (axe's serious `nested-interactive`). The served document keeps them.
 */
function untagged(document: Record<string, unknown>): Record<string, unknown> {
  const { tags: _tags, paths, ...rest } = document;
  const operations = Object.entries((paths ?? {}) as Record<string, Operations>).map(
    ([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => {
          if (typeof operation !== "object" || operation === null) return [method, operation];
          const { tags: _operationTags, ...untaggedOperation } = operation as Record<
            string,
            unknown
          >;
          return [method, untaggedOperation];
        }),
      ),
    ],
  );
  return { ...rest, paths: Object.fromEntries(operations) };
}
