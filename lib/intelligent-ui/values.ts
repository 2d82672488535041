import { UiBudget } from "./budget";
import { UiFailure } from "./failure";
import { resolveUiLimits } from "./limits";
import type { UiLimits, UiValue } from "./types";

export type UiRecord = { [key: string]: UiValue };

export function isUiRecord(value: UiValue): value is UiRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isUiScalar(value: UiValue): value is string | number | boolean | null {
  return value === null || typeof value !== "object";
}

/** Defines an own data field even for a key like `__proto__` that assignment would not create. */
export function setOwn(record: UiRecord, key: string, value: UiValue): void {
  if (key === "__proto__") {
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}

/** An own data field of a record; prototype keys and inherited or accessor fields are refused. */
export function readField(target: UiValue, key: string): UiValue {
  if (!isUiRecord(target))
    throw new UiFailure("invalid_value", `Cannot read .${key} of a non-record.`);
  if (key === "__proto__" || key === "constructor" || key === "prototype") {
    throw new UiFailure("refused_access", `The key ${key} is refused.`);
  }
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined || !("value" in descriptor)) {
    throw new UiFailure("refused_access", `The record has no field ${key}.`);
  }
  return descriptor.value as UiValue;
}

/** Same typeof, array-ness and null-ness: a variable keeps the type of its default. */
export function sameUiType(a: UiValue, b: UiValue): boolean {
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return typeof a === typeof b;
}

/** Deep equality: record key order does not matter, array order does. */
export function sameUiValue(a: UiValue, b: UiValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as UiValue[];
    return (
      a.length === other.length && a.every((item, i) => sameUiValue(item, other[i] as UiValue))
    );
  }
  const left = a as UiRecord;
  const right = b as UiRecord;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every(
    (key) => Object.hasOwn(right, key) && sameUiValue(left[key] as UiValue, right[key] as UiValue),
  );
}

/** Copies a host value into the interpreter without calling a getter or trusting a prototype. */
export function copyUiValue(value: unknown, limits?: Partial<UiLimits> | UiBudget): UiValue {
  const budget = limits instanceof UiBudget ? limits : new UiBudget(resolveUiLimits(limits));
  return copyValue(value, budget);
}

function copyValue(value: unknown, budget: UiBudget): UiValue {
  budget.step();
  switch (typeof value) {
    case "boolean":
      return value;
    case "string":
      return budget.checkString(value);
    case "number":
      if (!Number.isFinite(value)) throw new UiFailure("invalid_value", "Numbers must be finite.");
      return value;
    case "object":
      if (value === null) return null;
      return Array.isArray(value) ? copyArray(value, budget) : copyRecord(value, budget);
    default:
      throw new UiFailure("invalid_value", `A ${typeof value} is not a JSON value.`);
  }
}

function ownDataValue(source: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(source, key);
  if (descriptor === undefined)
    throw new UiFailure("refused_access", `Missing item ${key} (sparse array).`);
  if (!("value" in descriptor))
    throw new UiFailure("refused_access", `Field ${key} is an accessor.`);
  return descriptor.value;
}

function copyArray(source: unknown[], budget: UiBudget): UiValue[] {
  if (Object.getPrototypeOf(source) !== Array.prototype) {
    throw new UiFailure("invalid_value", "Only plain arrays are values.");
  }
  const length = source.length;
  const copy: UiValue[] = [];
  for (let i = 0; i < length; i++) {
    budget.iterate();
    copy.push(copyValue(ownDataValue(source, String(i)), budget));
  }
  return copy;
}

function copyRecord(source: object, budget: UiBudget): UiRecord {
  const prototype = Object.getPrototypeOf(source);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new UiFailure("invalid_value", "Only plain records are values.");
  }
  const copy: UiRecord = {};
  for (const key of Object.keys(source)) {
    budget.iterate();
    if (key === "__proto__") throw new UiFailure("refused_access", "The key __proto__ is refused.");
    copy[key] = copyValue(ownDataValue(source, key), budget);
  }
  return copy;
}

/** How a scalar reads inside text: null draws as nothing. */
export function displayUiScalar(value: string | number | boolean | null): string {
  return value === null ? "" : String(value);
}
