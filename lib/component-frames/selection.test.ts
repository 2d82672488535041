import { describe, expect, it } from "vitest";
import { ComponentSelectionEventSchema, createSelectionEvent, selectChoice } from "./selection";
import { buildChoiceListFrame } from "../../scripts/test/frame-fixtures";

describe("selectChoice", () => {
  it("emits the protocol selection event for a declared choice", () => {
    const result = selectChoice(buildChoiceListFrame(), "demo");
    expect(result).toEqual({
      ok: true,
      event: {
        protocol: "agentskit.chat.component",
        version: 1,
        type: "select",
        componentKey: "choice-list",
        instanceId: "destination-choice",
        choiceId: "demo",
      },
      choice: { id: "demo", label: "Demo" },
    });
    expect(result.ok && ComponentSelectionEventSchema.safeParse(result.event).success).toBe(true);
  });

  it.each(["elsewhere", "DOCS", "", 7, null, "constructor"])(
    "refuses the undeclared choice %j",
    (choiceId) => {
      expect(selectChoice(buildChoiceListFrame(), choiceId)).toEqual({
        ok: false,
        diagnostic: {
          code: "COMPONENT_UNKNOWN_CHOICE",
          message: "Choice is not declared by the component.",
          retryable: false,
        },
      });
    },
  );

  it("validates the props again instead of trusting the frame", () => {
    const tampered = buildChoiceListFrame({
      props: { prompt: "Pick", choices: [{ id: "docs", label: "Docs", disabled: false }] },
    });
    const result = selectChoice(tampered, "docs");
    expect(!result.ok && result.diagnostic.code).toBe("COMPONENT_INVALID_PROPS");
  });

  it("refuses frames of other components and malformed frames", () => {
    const other = selectChoice(buildChoiceListFrame({ componentKey: "weather-card" }), "docs");
    expect(!other.ok && other.diagnostic.code).toBe("COMPONENT_UNKNOWN");
    const malformed = selectChoice("{", "docs");
    expect(!malformed.ok && malformed.diagnostic.code).toBe("COMPONENT_INVALID_FRAME");
  });
});

describe("ComponentSelectionEventSchema", () => {
  it("accepts built events and refuses extra keys or another version", () => {
    const created = createSelectionEvent({
      componentKey: "choice-list",
      instanceId: "i-1",
      choiceId: "c-1",
    });
    if (!created.ok) throw new Error(created.diagnostic.code);
    const event = created.event;
    expect(ComponentSelectionEventSchema.safeParse(event).success).toBe(true);
    expect(ComponentSelectionEventSchema.safeParse({ ...event, extra: 1 }).success).toBe(false);
    expect(ComponentSelectionEventSchema.safeParse({ ...event, version: 2 }).success).toBe(false);
    expect(ComponentSelectionEventSchema.safeParse({ ...event, choiceId: "bad id" }).success).toBe(
      false,
    );
  });
});

describe("createSelectionEvent", () => {
  it.each(["bad id", "", "-leading", "x".repeat(129), "é", 7, null, undefined])(
    "refuses the choice id %j, which fails the identifier pattern",
    (choiceId) => {
      expect(
        createSelectionEvent({ componentKey: "choice-list", instanceId: "i-1", choiceId }),
      ).toEqual({
        ok: false,
        diagnostic: {
          code: "COMPONENT_INVALID_SELECTION",
          message: "Selection event is invalid.",
          retryable: false,
        },
      });
    },
  );

  it("refuses an instance id or component key off its pattern, and returns only events the schema accepts", () => {
    expect(
      createSelectionEvent({ componentKey: "Choice List", instanceId: "i-1", choiceId: "c" }).ok,
    ).toBe(false);
    expect(
      createSelectionEvent({ componentKey: "choice-list", instanceId: "i 1", choiceId: "c" }).ok,
    ).toBe(false);
    const longest = "x".repeat(128);
    const created = createSelectionEvent({
      componentKey: "choice-list",
      instanceId: longest,
      choiceId: longest,
    });
    expect(created.ok && ComponentSelectionEventSchema.safeParse(created.event).success).toBe(true);
  });
});
