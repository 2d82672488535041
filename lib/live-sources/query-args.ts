import * as z from "zod/mini";

// Each registered source's argument schema, apart from its reader: the page compiles block
// previews with these (decision 025) without loading what reads the data.

export const BRANCHES = ["main", "dev", "release"] as const;
const SERVICES = ["web", "api", "billing"] as const;
const WEATHER_CITIES = ["lisbon", "oslo", "tokyo"] as const;

export const QUERY_ARGS = {
  "ci.runs": z.strictObject({ branch: z.enum(BRANCHES) }),
  "deploy.status": z.strictObject({ service: z.enum(SERVICES) }),
  "tasks.open": z.strictObject({ project: z.string().check(z.minLength(1), z.maxLength(64)) }),
  "example.weather": z.strictObject({ city: z.enum(WEATHER_CITIES) }),
} satisfies Record<string, z.ZodMiniType>;

/** What a block may `@Query`, by source name; the sources in `LIVE_SOURCES` take their `args` from here. */
export const QUERY_SCHEMAS: Readonly<Record<string, z.ZodMiniType>> = QUERY_ARGS;
