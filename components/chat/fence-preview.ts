import { UiFencePreview } from "@/lib/intelligent-ui";
import { QUERY_SCHEMAS } from "@/lib/live-sources/query-args";

/** One streaming block's preview compiler, with the sources a block may `@Query`, as the server compiles. */
export function fencePreview(blockId: string): UiFencePreview {
  return new UiFencePreview({ id: blockId, querySchemas: QUERY_SCHEMAS });
}
