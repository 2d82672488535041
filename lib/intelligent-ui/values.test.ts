import { describe, expect, it } from "vitest";
import { copyUiValue, sameUiValue, UiFailure } from "./index";

function failure(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof UiFailure) return error.code;
    throw error;
  }
  return undefined;
}

describe("copyUiValue", () => {
  it("copies plain JSON deeply", () => {
    const value = { a: [1, "x", null, true, { b: 2 }] };
    const copy = copyUiValue(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
  });

  it("refuses accessors without calling them, and sparse arrays", () => {
    let called = false;
    const record = Object.defineProperty({}, "x", { enumerable: true, get: () => (called = true) });
    expect(failure(() => copyUiValue(record))).toBe("refused_access");
    expect(called).toBe(false);
    expect(failure(() => copyUiValue([1, , 3]))).toBe("refused_access");
  });

  it("refuses an own __proto__ key", () => {
    expect(failure(() => copyUiValue(JSON.parse('{"__proto__": {"polluted": true}}')))).toBe(
      "refused_access",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses class instances, non-finite numbers and non-JSON values", () => {
    expect(failure(() => copyUiValue(new Date()))).toBe("invalid_value");
    expect(failure(() => copyUiValue(new Map()))).toBe("invalid_value");
    expect(failure(() => copyUiValue(Number.NaN))).toBe("invalid_value");
    expect(failure(() => copyUiValue({ f: () => 1 }))).toBe("invalid_value");
    expect(failure(() => copyUiValue(undefined))).toBe("invalid_value");
  });

  it("runs a cycle out of budget", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(failure(() => copyUiValue(cycle))).toBe("budget_exceeded");
  });

  it("refuses an oversized string", () => {
    expect(failure(() => copyUiValue("x".repeat(16_385)))).toBe("budget_exceeded");
  });
});

describe("sameUiValue", () => {
  it("compares deeply, ignoring record key order but not array order", () => {
    expect(sameUiValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameUiValue([1, 2], [2, 1])).toBe(false);
    expect(sameUiValue([], {})).toBe(false);
    expect(sameUiValue(null, {})).toBe(false);
    expect(sameUiValue({ a: undefined as never }, { b: 1 })).toBe(false);
  });
});
