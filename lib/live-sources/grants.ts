/**
 * Grants a person gives each chat, and may withdraw there: a source that needs one refuses a
 * reader whose grants lack it. Every grant is in force in a chat until the person withdraws it.
 */
export const SOURCE_GRANTS = {
  ci: "Read this project's CI runs",
} as const;

export type SourceGrant = keyof typeof SOURCE_GRANTS;

export const SOURCE_GRANT_NAMES = Object.keys(SOURCE_GRANTS) as SourceGrant[];
