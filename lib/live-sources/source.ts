import { z } from "zod";

/**
 * What a reading runs with: who asks, in which chat, and the grants in force there. Sources decide
 * what such a reader may see; a reply's first readings keep it for its later choices.
 */
export type ReadContext = { visitorId: string; chatId: string; grants: readonly string[] };

export type ReadOptions = { signal: AbortSignal; now: number };

/**
 * A source's argument schema, classic zod or zod/mini: the registered sources' are zod/mini, as the
 * page compiles block previews with them too (./query-args.ts).
 */
export type ArgsSchema = z.core.$ZodType & { safeParse(data: unknown): { success: boolean } };

/**
 * A host source a block may `@Query`. Arguments and results are parsed with their schemas at the
 * boundary, like any other untrusted input; `authorize` runs before every read (a cached reading
 * too); `read` gets an AbortSignal that fires at the read's time limit. Either may throw a
 * `SourceRefusal` to say no with its own code and sentence.
 */
export type LiveSource<
  Args extends ArgsSchema = ArgsSchema,
  Result extends z.ZodType = z.ZodType,
> = {
  name: string;
  description: string;
  args: Args;
  result: Result;
  authorize(context: ReadContext, args: z.output<Args>): boolean | Promise<boolean>;
  read(args: z.output<Args>, options: ReadOptions): Promise<z.input<Result>>;
};

export function defineLiveSource<Args extends ArgsSchema, Result extends z.ZodType>(
  source: LiveSource<Args, Result>,
): LiveSource {
  return source as unknown as LiveSource;
}

export type LiveSources = ReadonlyMap<string, LiveSource>;

export function liveSourceMap(sources: readonly LiveSource[]): LiveSources {
  return new Map(sources.map((source) => [source.name, source]));
}

/** The argument schemas by source name, as the block compiler checks `@Query` declarations. */
export function querySchemasOf(sources: LiveSources): Record<string, ArgsSchema> {
  return Object.fromEntries([...sources].map(([name, source]) => [name, source.args]));
}
