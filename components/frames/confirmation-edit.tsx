"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { sameJson } from "@/lib/component-frames/bounded-json";
import type { ConfirmationField as FormField } from "@/lib/chat/wire";
import { ErrorNote } from "@/components/ui/error-note";
import { showValue } from "./confirmation-details";
import { fieldLabel } from "./tool-presenters";

type Values = Record<string, string | boolean>;

const INPUT =
  "w-full rounded-md border border-zinc-400 bg-white px-2 py-1 text-zinc-900 aria-[invalid=true]:border-red-600 dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100 dark:aria-[invalid=true]:border-red-400";

function initialValue(field: FormField, value: unknown): string | boolean {
  if (field.kind === "boolean") return value === true;
  if (field.kind === "number" || field.kind === "integer")
    return typeof value === "number" ? String(value) : "";
  return typeof value === "string" ? value : "";
}

/**
 * The input as edited: the proposal's, with each editable field as the person left it. An optional
 * field left empty is left out; a number is read as one (or refused by the schema).
 */
export function editedInput(
  fields: FormField[],
  values: Values,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const edited: Record<string, unknown> = { ...input };
  for (const field of fields) {
    const raw = values[field.key];
    if (field.kind === "fixed" || raw === undefined) continue;
    if (raw === "" && !field.required) {
      delete edited[field.key];
      continue;
    }
    if (field.kind === "boolean") edited[field.key] = raw === true;
    else if (field.kind === "number" || field.kind === "integer")
      edited[field.key] = raw === "" ? null : Number(raw);
    else edited[field.key] = raw;
  }
  return edited;
}

function Control({
  field,
  id,
  value,
  invalid,
  set,
}: {
  field: FormField;
  id: string;
  value: string | boolean;
  invalid: boolean;
  set: (value: string | boolean) => void;
}) {
  const common = { id, name: field.key, required: field.required, "aria-invalid": invalid };
  switch (field.kind) {
    case "boolean":
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => set(event.target.checked)}
        />
      );
    case "select":
      return (
        <select
          {...common}
          className={INPUT}
          value={String(value)}
          onChange={(event) => set(event.target.value)}
        >
          {!field.required && <option value="">—</option>}
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case "long":
      return (
        <textarea
          {...common}
          className={INPUT}
          rows={4}
          maxLength={field.maxLength}
          value={String(value)}
          onChange={(event) => set(event.target.value)}
        />
      );
    default:
      return (
        <input
          {...common}
          className={INPUT}
          type={field.kind === "email" ? "email" : field.kind === "text" ? "text" : "number"}
          step={field.kind === "integer" ? 1 : field.kind === "number" ? "any" : undefined}
          min={field.minimum}
          max={field.maximum}
          maxLength={field.maxLength}
          value={String(value)}
          onChange={(event) => set(event.target.value)}
        />
      );
  }
}

/**
 * The proposal's input as a form of its tool's fields. The server checks the edit with the tool's
 * own schema; the fields it refuses (`faults`) are marked here.
 */
export function ConfirmationEditForm({
  input,
  fields,
  presenterFields,
  faults,
  disabled,
  onCancel,
  onApprove,
}: {
  input: Record<string, unknown>;
  fields: FormField[];
  presenterFields: { key: string; label: string }[];
  faults: string[];
  disabled: boolean;
  onCancel: () => void;
  onApprove: (input: Record<string, unknown>) => void;
}) {
  const prefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map((field) => [field.key, initialValue(field, input[field.key])])),
  );
  const [note, setNote] = useState<string | null>(null);
  const label = (key: string) => fieldLabel(presenterFields, key);
  const wrong = faults.filter((key) => fields.some((field) => field.key === key));

  // The server named the fields it refused: the person lands on the first.
  useEffect(() => {
    if (faults[0]) form.current?.querySelector<HTMLElement>(`[name="${faults[0]}"]`)?.focus();
  }, [faults]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const edited = editedInput(fields, values, input);
    if (sameJson(edited, input)) {
      setNote("Nothing was changed. Approve the proposal as it is, or change a field first.");
      return;
    }
    setNote(null);
    onApprove(edited);
  }

  return (
    <form
      ref={form}
      aria-label="Edit before approving"
      noValidate
      onSubmit={submit}
      className="space-y-2 text-sm"
    >
      {fields.map((field) => {
        const id = `${prefix}-${field.key}`;
        if (field.kind === "fixed") {
          return (
            <p key={field.key}>
              <span className="text-zinc-600 dark:text-zinc-400">{label(field.key)}</span>{" "}
              {showValue(input[field.key])} (not editable here)
            </p>
          );
        }
        return (
          <div
            key={field.key}
            className={field.kind === "boolean" ? "flex items-center gap-2" : "space-y-1"}
          >
            <label htmlFor={id} className="block text-zinc-700 dark:text-zinc-300">
              {label(field.key)}
            </label>
            <Control
              field={field}
              id={id}
              value={values[field.key] ?? ""}
              invalid={faults.includes(field.key)}
              set={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          </div>
        );
      })}
      {wrong.length > 0 && (
        <p className="text-sm text-red-700 dark:text-red-300">
          Not valid as written: {wrong.map(label).join(", ")}.
        </p>
      )}
      {note && <ErrorNote>{note}</ErrorNote>}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={disabled}
          className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white disabled:opacity-50"
        >
          Approve with changes
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={onCancel}
          className="rounded-md border border-zinc-400 px-3 py-1.5 font-medium disabled:opacity-50 dark:border-zinc-600"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
