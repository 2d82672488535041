import { z } from "zod";
import type { ConfirmableTool } from "@/lib/component-frames";
import { appTools } from "./index";

// A proposal's edit form, read from the tool's own argument schema, so the page offers exactly the
// fields the server will accept. The server sends it with a pending handle; the page draws it.

/** How one field is edited; `fixed` is shown as proposed and sent back unchanged (lists, records). */
export type FormField = {
  key: string;
  kind: "text" | "email" | "long" | "number" | "integer" | "boolean" | "select" | "fixed";
  required: boolean;
  options?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** A string longer than this is edited in a text area. */
const LONG_TEXT = 200;

type Tools = readonly ConfirmableTool[];

const byName = (tools: Tools, action: string) => tools.find((tool) => tool.name === action);

type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function fieldOf(key: string, schema: JsonSchema, required: boolean): FormField {
  const field = { key, required };
  if (schema.enum?.every((option) => typeof option === "string"))
    return { ...field, kind: "select", options: schema.enum as string[] };
  switch (schema.type) {
    case "string":
      if (schema.format === "email") return { ...field, kind: "email" };
      return {
        ...field,
        kind: (schema.maxLength ?? 0) > LONG_TEXT ? "long" : "text",
        ...(schema.maxLength === undefined ? {} : { maxLength: schema.maxLength }),
      };
    case "number":
    case "integer":
      return {
        ...field,
        kind: schema.type,
        ...(schema.minimum === undefined ? {} : { minimum: schema.minimum }),
        ...(schema.maximum === undefined ? {} : { maximum: schema.maximum }),
      };
    case "boolean":
      return { ...field, kind: "boolean" };
    default:
      return { ...field, kind: "fixed" };
  }
}

/** The fields of a tool's input, in its schema's order; null for a tool this app does not have. */
export function toolInputForm(action: string, tools: Tools = appTools): FormField[] | null {
  const tool = byName(tools, action);
  return tool ? formOf(tool.input) : null;
}

/** The fields of an object schema; null for a schema that is not one (no form is offered). */
export function formOf(input: z.core.$ZodType): FormField[] | null {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return null;
  }
  if (schema.type !== "object" || !schema.properties) return null;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([key, property]) =>
    fieldOf(key, property, required.has(key)),
  );
}

/** The top-level fields of `input` the tool's schema refuses; empty when it accepts it. */
export function fieldsAtFault(tool: ConfirmableTool, input: unknown): string[] {
  const parsed = z.safeParse(tool.input, input);
  return parsed.success ? [] : fieldsOfIssues(parsed.error.issues);
}

/** The top-level fields a validator's issues name, each once. */
export function fieldsOfIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  // A key the schema does not know is at fault too, though its issue sits on the record.
  const keys = issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "")],
  );
  return [...new Set(keys.filter(Boolean))];
}

/** `fieldsAtFault` by the tool's name; a tool this app does not have refuses nothing here. */
export function fieldsAtFaultFor(
  action: string,
  input: unknown,
  tools: Tools = appTools,
): string[] {
  const tool = byName(tools, action);
  return tool ? fieldsAtFault(tool, input) : [];
}
