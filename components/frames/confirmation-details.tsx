import { orderedFields, type Field } from "./tool-presenters";

/** A value of an input or a result as a person reads it. */
export function showValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A proposal's input or a tool's result as labelled rows, in the order a person reads them. */
export function FieldList({
  record,
  fields,
  only = false,
}: {
  record: Record<string, unknown>;
  fields: Field[];
  only?: boolean;
}) {
  const rows = orderedFields(record, fields, only);
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map((field) => (
        <div key={field.key} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{field.label}</dt>
          <dd className={`min-w-0 break-words ${field.long ? "whitespace-pre-wrap" : ""}`}>
            {showValue(record[field.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A record read from a stored outcome, or an empty one for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
