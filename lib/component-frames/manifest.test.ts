import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ChoiceListComponent } from "./choice-list";
import { componentFallbackText, defineComponent } from "./component-definition";
import { ComponentManifestError, defineComponentManifest } from "./manifest";
import { resolveComponentFrame } from "./resolve-frame";
import { buildChoiceListFrame } from "../../scripts/test/frame-fixtures";

const WeatherCard = defineComponent({
  key: "weather-card",
  props: z.strictObject({ city: z.string().min(1) }),
});

function manifestErrorCode(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error instanceof ComponentManifestError ? error.code : "other error";
  }
  return "no error";
}

describe("defineComponentManifest", () => {
  it("lists the declared keys", () => {
    expect(defineComponentManifest([ChoiceListComponent, WeatherCard]).keys).toEqual([
      "choice-list",
      "weather-card",
    ]);
  });

  it.each(["Weather", "9lives", "", "-dash", "under_score", `a${"b".repeat(64)}`])(
    "throws for the key %j",
    (key) => {
      expect(manifestErrorCode(() => defineComponentManifest([{ ...WeatherCard, key }]))).toBe(
        "MANIFEST_INVALID_KEY",
      );
    },
  );

  it("accepts a 64-character key", () => {
    expect(
      manifestErrorCode(() =>
        defineComponentManifest([{ ...WeatherCard, key: `a${"b".repeat(63)}` }]),
      ),
    ).toBe("no error");
  });

  it("throws for a duplicate key", () => {
    expect(manifestErrorCode(() => defineComponentManifest([WeatherCard, WeatherCard]))).toBe(
      "MANIFEST_DUPLICATE_KEY",
    );
    expect(
      manifestErrorCode(() => defineComponentManifest([ChoiceListComponent, ChoiceListComponent])),
    ).toBe("MANIFEST_DUPLICATE_KEY");
  });

  it("throws when a custom definition reuses a standard key", () => {
    const imitation = defineComponent({ ...ChoiceListComponent });
    expect(manifestErrorCode(() => defineComponentManifest([imitation]))).toBe(
      "MANIFEST_RESERVED_KEY",
    );
    expect(
      manifestErrorCode(() => defineComponentManifest([{ ...WeatherCard, key: "table" }])),
    ).toBe("MANIFEST_RESERVED_KEY");
  });
});

describe("resolveComponentFrame", () => {
  const manifest = defineComponentManifest([ChoiceListComponent, WeatherCard]);

  it("returns the frame and the validated props", () => {
    const frame = buildChoiceListFrame();
    const result = resolveComponentFrame(frame, manifest);
    expect(result).toMatchObject({
      ok: true,
      componentKey: "choice-list",
      frame,
      props: frame.props,
    });
    if (result.ok && result.componentKey === "choice-list") {
      expect(result.props.choices.map((choice) => choice.id)).toEqual(["docs", "demo"]);
      expect(result.definition).toBe(ChoiceListComponent);
    }
  });

  it("resolves a custom component", () => {
    const result = resolveComponentFrame(
      buildChoiceListFrame({ componentKey: "weather-card", props: { city: "Oslo" } }),
      manifest,
    );
    expect(result).toMatchObject({
      ok: true,
      componentKey: "weather-card",
      props: { city: "Oslo" },
    });
  });

  it.each(["constructor", "hasownproperty", "valueof", "table", "unregistered"])(
    "treats %j as not registered and keeps the frame for its fallback",
    (componentKey) => {
      const result = resolveComponentFrame(buildChoiceListFrame({ componentKey }), manifest);
      expect(result).toMatchObject({
        ok: false,
        diagnostic: {
          code: "COMPONENT_UNKNOWN",
          message: "Component is not registered.",
          retryable: false,
        },
      });
      expect(!result.ok && result.frame && componentFallbackText(result.frame.fallback)).toBe(
        "[unsupported visual: choice-list] Choose Documentation or Demo.",
      );
    },
  );

  it("refuses __proto__ as a component key before any lookup", () => {
    const frame = JSON.parse(
      JSON.stringify(buildChoiceListFrame()).replace('"choice-list",', '"__proto__",'),
    );
    expect(frame.componentKey).toBe("__proto__");
    const result = resolveComponentFrame(frame, manifest);
    expect(!result.ok && result.diagnostic.code).toBe("COMPONENT_INVALID_FRAME");
  });

  it("refuses props the component schema rejects", () => {
    const result = resolveComponentFrame(
      buildChoiceListFrame({ props: { prompt: "Only a prompt" } }),
      manifest,
    );
    expect(result).toMatchObject({
      ok: false,
      diagnostic: {
        code: "COMPONENT_INVALID_PROPS",
        message: "Component props are invalid.",
        retryable: false,
      },
    });
  });

  it("passes decode failures through unchanged", () => {
    const result = resolveComponentFrame("not json", manifest);
    expect(result).toEqual({
      ok: false,
      diagnostic: {
        code: "COMPONENT_INVALID_FRAME",
        message: "Component frame is not valid JSON.",
        retryable: false,
      },
    });
  });

  it("counts a schema that throws as invalid props", () => {
    const Throwing = defineComponent({
      key: "throwing",
      props: z.unknown().refine(() => {
        throw new Error("schema bug");
      }),
    });
    const result = resolveComponentFrame(
      buildChoiceListFrame({ componentKey: "throwing" }),
      defineComponentManifest([Throwing]),
    );
    expect(!result.ok && result.diagnostic.code).toBe("COMPONENT_INVALID_PROPS");
  });
});
