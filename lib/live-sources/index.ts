// Live sources: the host data a block may declare with `@Query`, each with argument and result
// schemas, an authorisation check and a reader. Blocks of other sources do not compile.
export { DEMO_SOURCES as LIVE_SOURCES, ciRuns } from "./demo";
export { QUERY_SCHEMAS } from "./query-args";
export { defineLiveSource, liveSourceMap, querySchemasOf } from "./source";
export type { LiveSource, LiveSources, ReadContext, ReadOptions } from "./source";
export { SourceRefusal, isSourceRefusal, type SourceReason } from "./refusal";
export { SOURCE_GRANTS, SOURCE_GRANT_NAMES, type SourceGrant } from "./grants";
