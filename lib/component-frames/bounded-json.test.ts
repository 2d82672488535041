import { describe, expect, it } from "vitest";
import { readBoundedJson, type BoundedJsonViolation } from "./bounded-json";
import { buildRecord, nestArrays, nestRecords } from "../../scripts/test/frame-fixtures";

function violationOf(input: unknown): BoundedJsonViolation | "ok" {
  const result = readBoundedJson(input);
  return result.ok ? "ok" : result.violation;
}

describe("readBoundedJson", () => {
  it("returns a fresh plain copy of valid JSON", () => {
    const input = { a: [1, "two", true, null, { b: -0.5 }], c: {} };
    const result = readBoundedJson(input);
    expect(result).toEqual({ ok: true, value: input });
    if (result.ok) expect(result.value).not.toBe(input);
  });

  it("counts every value, containers included, up to 1,000", () => {
    expect(violationOf(Array(999).fill(0))).toBe("ok");
    expect(violationOf(Array(1_000).fill(0))).toBe("too-many-values");
    expect(violationOf({ a: Array(498).fill(0), b: Array(499).fill(0) })).toBe("ok");
    expect(violationOf({ a: Array(499).fill(0), b: Array(499).fill(0) })).toBe("too-many-values");
  });

  it("limits arrays to 1,000 items", () => {
    expect(violationOf(Array(1_001).fill(0))).toBe("array-too-long");
  });

  it("limits records to 1,000 keys", () => {
    expect(violationOf(buildRecord(999))).toBe("ok");
    expect(violationOf(buildRecord(1_000))).toBe("too-many-values");
    expect(violationOf(buildRecord(1_001))).toBe("too-many-keys");
  });

  it("limits keys to 256 characters", () => {
    expect(violationOf({ ["k".repeat(256)]: 1 })).toBe("ok");
    expect(violationOf({ ["k".repeat(257)]: 1 })).toBe("key-too-long");
  });

  it("limits nesting to depth 20 with the root at depth 0", () => {
    expect(violationOf(nestArrays(20))).toBe("ok");
    expect(violationOf(nestArrays(21))).toBe("too-deep");
    expect(violationOf(nestRecords(20))).toBe("ok");
    expect(violationOf(nestRecords(21))).toBe("too-deep");
    expect(violationOf(nestRecords(20, {}))).toBe("ok");
    expect(violationOf(nestRecords(21, {}))).toBe("too-deep");
  });

  it("limits strings to 16,384 characters", () => {
    expect(violationOf("s".repeat(16_384))).toBe("ok");
    expect(violationOf("s".repeat(16_385))).toBe("string-too-long");
    expect(violationOf({ text: "s".repeat(16_385) })).toBe("string-too-long");
  });

  it("accepts finite numbers only", () => {
    expect(violationOf([0, -0, 1e308, -1e-308])).toBe("ok");
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(violationOf({ value })).toBe("non-finite-number");
    }
  });

  it("refuses undefined, functions, symbols and bigints, as values or keys", () => {
    expect(violationOf(undefined)).toBe("unsupported-value");
    expect(violationOf({ a: undefined })).toBe("unsupported-value");
    expect(violationOf([() => 1])).toBe("unsupported-value");
    expect(violationOf({ a: Symbol("s") })).toBe("unsupported-value");
    expect(violationOf({ [Symbol("s")]: 1 })).toBe("unsupported-value");
    expect(violationOf(10n)).toBe("unsupported-value");
  });

  it("accepts plain and null-prototype records only", () => {
    expect(violationOf(Object.create(null))).toBe("ok");
    expect(violationOf(new Date(0))).toBe("not-plain");
    expect(violationOf(new Map())).toBe("not-plain");
    expect(violationOf(new (class Point {})())).toBe("not-plain");
    expect(violationOf(new (class List extends Array {})())).toBe("not-plain");
    expect(violationOf(Object.defineProperty({}, "hidden", { value: 1, enumerable: false }))).toBe(
      "not-plain",
    );
  });

  it("refuses sparse arrays and arrays with named properties", () => {
    expect(violationOf([1, , 3])).toBe("not-plain");
    expect(violationOf(Object.assign([1, 2], { extra: true }))).toBe("not-plain");
  });

  it("refuses cycles but allows a value shared by two branches", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(violationOf(cyclic)).toBe("cycle");
    const cyclicArray: unknown[] = [];
    cyclicArray.push([cyclicArray]);
    expect(violationOf(cyclicArray)).toBe("cycle");
    const shared = { x: 1 };
    expect(violationOf({ a: shared, b: shared })).toBe("ok");
  });

  it("never invokes a getter", () => {
    let calls = 0;
    const record = Object.defineProperty({}, "secret", {
      enumerable: true,
      get: () => {
        calls += 1;
        return 1;
      },
    });
    const array = Object.defineProperty([0], "0", { get: () => (calls += 1), enumerable: true });
    expect(violationOf(record)).toBe("accessor");
    expect(violationOf({ nested: [record] })).toBe("accessor");
    expect(violationOf(array)).toBe("accessor");
    expect(calls).toBe(0);
  });

  it("reads proxies through descriptors and survives traps that throw", () => {
    let gets = 0;
    const quiet = new Proxy(
      { a: 1 },
      { get: (target, key) => ((gets += 1), Reflect.get(target, key)) },
    );
    expect(readBoundedJson(quiet)).toEqual({ ok: true, value: { a: 1 } });
    expect(gets).toBe(0);
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("boom");
        },
      },
    );
    expect(violationOf(hostile)).toBe("unreadable");
  });

  it("keeps a __proto__ key as data without touching the copy's prototype", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}');
    const result = readBoundedJson(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const copy = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
