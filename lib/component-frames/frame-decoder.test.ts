import { describe, expect, it } from "vitest";
import { decodeComponentFrame } from "./frame-decoder";
import { buildChoiceListFrame, nestArrays } from "../../scripts/test/frame-fixtures";

function codeOf(input: unknown) {
  const result = decodeComponentFrame(input);
  return result.ok ? "ok" : result.diagnostic.code;
}

const SECRET = "s3cret-value-that-must-not-leak";

describe("decodeComponentFrame", () => {
  it("decodes a frame given as an object or as JSON text", () => {
    const frame = buildChoiceListFrame();
    expect(decodeComponentFrame(frame)).toEqual({ ok: true, frame });
    expect(decodeComponentFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
  });

  it("drops unknown top-level and fallback keys", () => {
    const result = decodeComponentFrame({
      ...buildChoiceListFrame(),
      trace: "x",
      fallback: { kind: "choice-list", summary: "Pick one.", extra: 1 },
    });
    expect(result.ok && Object.keys(result.frame)).toEqual([
      "protocol",
      "version",
      "type",
      "componentKey",
      "instanceId",
      "props",
      "fallback",
    ]);
    expect(result.ok && result.frame.fallback).toEqual({
      kind: "choice-list",
      summary: "Pick one.",
    });
  });

  it("allows null props but not missing props", () => {
    expect(codeOf(buildChoiceListFrame({ props: null }))).toBe("ok");
    const { props: _props, ...withoutProps } = buildChoiceListFrame();
    expect(codeOf(withoutProps)).toBe("COMPONENT_INVALID_FRAME");
    expect(codeOf(buildChoiceListFrame({ props: undefined }))).toBe("COMPONENT_INVALID_FRAME");
  });

  it("reports text that is not JSON with its own message", () => {
    expect(decodeComponentFrame(`{"protocol": ${SECRET}`)).toEqual({
      ok: false,
      diagnostic: {
        code: "COMPONENT_INVALID_FRAME",
        message: "Component frame is not valid JSON.",
        retryable: false,
      },
    });
  });

  it("checks a numeric version before the type", () => {
    expect(decodeComponentFrame(buildChoiceListFrame({ version: 2, type: "select" }))).toEqual({
      ok: false,
      diagnostic: {
        code: "COMPONENT_UNSUPPORTED_VERSION",
        message: "Component protocol version is not supported.",
        retryable: false,
      },
    });
    expect(codeOf(buildChoiceListFrame({ version: 0 }))).toBe("COMPONENT_UNSUPPORTED_VERSION");
    expect(codeOf(buildChoiceListFrame({ version: Number.NaN }))).toBe(
      "COMPONENT_UNSUPPORTED_VERSION",
    );
  });

  it("reports a type other than render", () => {
    expect(decodeComponentFrame(buildChoiceListFrame({ type: "select" }))).toEqual({
      ok: false,
      diagnostic: {
        code: "COMPONENT_UNKNOWN_TYPE",
        message: "Component frame type is not supported.",
        retryable: false,
      },
    });
  });

  it.each([
    ["a string version", { version: "1" }],
    ["a missing version", { version: undefined }],
    ["a missing type", { type: undefined }],
    ["another protocol", { protocol: "agentskit.chat.other" }],
    ["an invalid component key", { componentKey: "Choice-List" }],
    ["a component key of 65 characters", { componentKey: `a${"b".repeat(64)}` }],
    ["an instance id of 129 characters", { instanceId: `a${"b".repeat(128)}` }],
    ["an instance id starting with a dot", { instanceId: ".hidden" }],
    ["a missing fallback", { fallback: undefined }],
    ["an empty fallback kind", { fallback: { kind: "", summary: "x" } }],
    ["a fallback kind of 65 characters", { fallback: { kind: "k".repeat(65), summary: "x" } }],
    ["an empty fallback summary", { fallback: { kind: "k", summary: "" } }],
    [
      "a fallback summary of 4,097 characters",
      { fallback: { kind: "k", summary: "s".repeat(4_097) } },
    ],
    ["props nested too deep", { props: nestArrays(21) }],
    ["props with too many values", { props: Array(1_000).fill(0) }],
    ["props holding a function", { props: { run: () => SECRET } }],
  ])("refuses %s as an invalid frame", (_name, overrides) => {
    expect(decodeComponentFrame(buildChoiceListFrame(overrides))).toEqual({
      ok: false,
      diagnostic: {
        code: "COMPONENT_INVALID_FRAME",
        message: "Component frame payload is invalid.",
        retryable: false,
      },
    });
  });

  it("accepts every field at its upper limit", () => {
    const frame = buildChoiceListFrame({
      componentKey: `a${"b".repeat(63)}`,
      instanceId: `A${"b._:-".repeat(25)}xx`,
      props: nestArrays(20),
      fallback: { kind: "k".repeat(64), summary: "s".repeat(4_096) },
    });
    expect(frame.instanceId).toHaveLength(128);
    expect(codeOf(frame)).toBe("ok");
  });

  it.each([null, 1, "1", [], [buildChoiceListFrame()], new Date(0), true])(
    "refuses %s",
    (input) => {
      expect(codeOf(input)).toBe("COMPONENT_INVALID_FRAME");
    },
  );

  it("never invokes a getter on the frame and treats one as invalid", () => {
    let calls = 0;
    const frame = Object.defineProperty(buildChoiceListFrame(), "instanceId", {
      enumerable: true,
      get: () => ((calls += 1), "destination-choice"),
    });
    expect(codeOf(frame)).toBe("COMPONENT_INVALID_FRAME");
    const props = Object.defineProperty({}, "prompt", {
      enumerable: true,
      get: () => ((calls += 1), "x"),
    });
    expect(codeOf(buildChoiceListFrame({ props }))).toBe("COMPONENT_INVALID_FRAME");
    expect(calls).toBe(0);
  });

  it("turns an exception while reading into an invalid frame", () => {
    const hostile = new Proxy(buildChoiceListFrame(), {
      getOwnPropertyDescriptor: () => {
        throw new Error(SECRET);
      },
    });
    expect(codeOf(hostile)).toBe("COMPONENT_INVALID_FRAME");
  });

  it("never echoes the input in a diagnostic", () => {
    const inputs = [
      `{"x": "${SECRET}"`,
      buildChoiceListFrame({ version: 7, instanceId: SECRET }),
      buildChoiceListFrame({ type: SECRET }),
      buildChoiceListFrame({ componentKey: SECRET.toUpperCase() }),
    ];
    for (const input of inputs) {
      const result = decodeComponentFrame(input);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
  });
});
