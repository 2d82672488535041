import { BOUNDED_JSON_LIMITS } from "./constants";

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonRecord;
export type JsonRecord = { [key: string]: JsonValue };

/** Why a value is not bounded JSON; for tests and logs, never shown to people. */
export type BoundedJsonViolation =
  | "too-many-values"
  | "too-deep"
  | "string-too-long"
  | "array-too-long"
  | "too-many-keys"
  | "key-too-long"
  | "non-finite-number"
  | "unsupported-value"
  | "not-plain"
  | "accessor"
  | "cycle"
  | "unreadable";

export type BoundedJsonResult =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly violation: BoundedJsonViolation };

class JsonViolation {
  constructor(readonly violation: BoundedJsonViolation) {}
}

type WalkState = { count: number; readonly ancestors: Set<object> };

/**
 * Checks `input` against the bounded-JSON limits and returns a fresh plain copy. Properties are
 * read through their descriptors only, so no getter or proxy `get` trap ever runs, and whatever
 * later validates the copy sees exactly the data that was checked.
 */
export function readBoundedJson(input: unknown): BoundedJsonResult {
  try {
    return { ok: true, value: copyValue(input, 0, { count: 0, ancestors: new Set() }) };
  } catch (error) {
    return {
      ok: false,
      violation: error instanceof JsonViolation ? error.violation : "unreadable",
    };
  }
}

/** A bounded-JSON record (not an array or null) whose keys are at most `maxKeyLength` long. */
export function isJsonRecord(input: unknown, maxKeyLength: number): input is JsonRecord {
  const result = readBoundedJson(input);
  return (
    result.ok &&
    isRecordValue(result.value) &&
    Object.keys(result.value).every((key) => key.length <= maxKeyLength)
  );
}

function isRecordValue(value: JsonValue): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function freezeJson<T extends JsonValue>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) freezeJson(child);
    Object.freeze(value);
  }
  return value;
}

function copyValue(value: unknown, depth: number, state: WalkState): JsonValue {
  if (depth > BOUNDED_JSON_LIMITS.maxDepth) throw new JsonViolation("too-deep");
  state.count += 1;
  if (state.count > BOUNDED_JSON_LIMITS.maxValues) throw new JsonViolation("too-many-values");
  switch (typeof value) {
    case "string":
      if (value.length > BOUNDED_JSON_LIMITS.maxStringLength)
        throw new JsonViolation("string-too-long");
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new JsonViolation("non-finite-number");
      return value;
    case "boolean":
      return value;
    case "object":
      return value === null ? null : copyContainer(value, depth, state);
    default:
      throw new JsonViolation("unsupported-value");
  }
}

function copyContainer(value: object, depth: number, state: WalkState): JsonValue {
  if (state.ancestors.has(value)) throw new JsonViolation("cycle");
  state.ancestors.add(value);
  const copy = Array.isArray(value)
    ? copyArray(value, depth, state)
    : copyRecord(value, depth, state);
  state.ancestors.delete(value);
  return copy;
}

function copyArray(value: object, depth: number, state: WalkState): JsonValue[] {
  if (Reflect.getPrototypeOf(value) !== Array.prototype) throw new JsonViolation("not-plain");
  const length: unknown = Reflect.getOwnPropertyDescriptor(value, "length")?.value;
  if (typeof length !== "number") throw new JsonViolation("not-plain");
  if (length > BOUNDED_JSON_LIMITS.maxArrayItems) throw new JsonViolation("array-too-long");
  // Exactly the indices plus `length`: no holes, no extra named properties.
  if (Reflect.ownKeys(value).length !== length + 1) throw new JsonViolation("not-plain");
  const copy: JsonValue[] = [];
  for (let index = 0; index < length; index += 1) {
    copy.push(copyValue(readDataProperty(value, String(index)), depth + 1, state));
  }
  return copy;
}

function copyRecord(value: object, depth: number, state: WalkState): JsonRecord {
  const prototype = Reflect.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new JsonViolation("not-plain");
  const keys = Reflect.ownKeys(value);
  if (keys.length > BOUNDED_JSON_LIMITS.maxRecordKeys) throw new JsonViolation("too-many-keys");
  const copy: JsonRecord = {};
  for (const key of keys) {
    if (typeof key === "symbol") throw new JsonViolation("unsupported-value");
    if (key.length > BOUNDED_JSON_LIMITS.maxKeyLength) throw new JsonViolation("key-too-long");
    const child = copyValue(readDataProperty(value, key), depth + 1, state);
    // Plain assignment of "__proto__" would replace the copy's prototype instead of adding a key.
    Object.defineProperty(copy, key, {
      value: child,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function readDataProperty(target: object, key: string): unknown {
  const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
  if (!descriptor) throw new JsonViolation("unsupported-value");
  if ("get" in descriptor || "set" in descriptor) throw new JsonViolation("accessor");
  if (!descriptor.enumerable) throw new JsonViolation("not-plain");
  return descriptor.value;
}

/**
 * Whether two JSON values hold the same data. Records compare by their keys, not their order: a
 * value read back from Postgres `jsonb` keeps its keys in the database's order, not the writer's.
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null)
    return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameJson(item, right[index]))
    );
  }
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every(
      (key) =>
        Object.hasOwn(right, key) &&
        sameJson((left as JsonRecord)[key], (right as JsonRecord)[key]),
    )
  );
}
