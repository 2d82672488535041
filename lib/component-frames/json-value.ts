import * as z from "zod/mini";

/** Any JSON value, one schema for the whole wire, so an API description can name it once. */
export const jsonValueSchema = z.json();

/** A JSON object of any JSON values (`JsonRecord`). */
export const jsonRecordSchema = z.record(z.string(), jsonValueSchema);
