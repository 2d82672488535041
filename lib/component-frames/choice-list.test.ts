import { describe, expect, it } from "vitest";
import {
  ChoiceListPropsSchema,
  formatChoiceListFallback,
  type ChoiceListProps,
} from "./choice-list";

function choice(id: string, extra: Record<string, unknown> = {}) {
  return { id, label: `Label ${id}`, ...extra };
}

function isValid(props: unknown) {
  return ChoiceListPropsSchema.safeParse(props).success;
}

function withChoices(...choices: unknown[]) {
  return { prompt: "Pick one", choices };
}

describe("ChoiceListPropsSchema", () => {
  it("accepts the documented example", () => {
    expect(
      isValid({
        prompt: "Where should we go?",
        choices: [
          { id: "docs", label: "Documentation", description: "Read the component guide." },
          { id: "demo", label: "Demo" },
        ],
      }),
    ).toBe(true);
  });

  it("bounds the prompt to 1..4,096 characters", () => {
    expect(isValid({ prompt: "p".repeat(4_096), choices: [choice("a")] })).toBe(true);
    expect(isValid({ prompt: "p".repeat(4_097), choices: [choice("a")] })).toBe(false);
    expect(isValid({ prompt: "", choices: [choice("a")] })).toBe(false);
  });

  it("requires 1..20 choices with unique ids", () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => choice(`c${index}`));
    expect(isValid(withChoices())).toBe(false);
    expect(isValid(withChoices(...ids(1)))).toBe(true);
    expect(isValid(withChoices(...ids(20)))).toBe(true);
    expect(isValid(withChoices(...ids(21)))).toBe(false);
    expect(isValid(withChoices(choice("same"), choice("same")))).toBe(false);
  });

  it("bounds labels and descriptions", () => {
    expect(isValid(withChoices({ id: "a", label: "l".repeat(256) }))).toBe(true);
    expect(isValid(withChoices({ id: "a", label: "l".repeat(257) }))).toBe(false);
    expect(isValid(withChoices({ id: "a", label: "" }))).toBe(false);
    expect(isValid(withChoices(choice("a", { description: "d".repeat(4_096) })))).toBe(true);
    expect(isValid(withChoices(choice("a", { description: "d".repeat(4_097) })))).toBe(false);
    expect(isValid(withChoices(choice("a", { description: "" })))).toBe(false);
  });

  it("checks choice ids against the identifier pattern", () => {
    expect(isValid(withChoices(choice(`a${"b".repeat(127)}`)))).toBe(true);
    expect(isValid(withChoices(choice(`a${"b".repeat(128)}`)))).toBe(false);
    expect(isValid(withChoices(choice("has space")))).toBe(false);
    expect(isValid(withChoices(choice("_leading")))).toBe(false);
  });

  it("is strict: no unknown keys and no disabled flag", () => {
    expect(isValid({ ...withChoices(choice("a")), theme: "dark" })).toBe(false);
    expect(isValid(withChoices(choice("a", { disabled: true })))).toBe(false);
  });

  it("accepts a strict action whose input is a JSON record", () => {
    const action = {
      name: "send-email",
      input: { to: "ada@example.com", cc: ["b@example.com"], urgent: false },
    };
    expect(isValid(withChoices(choice("a", { action })))).toBe(true);
    expect(isValid(withChoices(choice("a", { action: { name: "noop", input: {} } })))).toBe(true);
  });

  it.each([
    ["a missing input", { name: "send-email" }],
    ["an extra key", { name: "send-email", input: {}, confirm: true }],
    ["an invalid name", { name: "send email", input: {} }],
    ["an array input", { name: "send-email", input: [] }],
    ["a null input", { name: "send-email", input: null }],
    ["a string input", { name: "send-email", input: "ada" }],
    ["an input key of 129 characters", { name: "send-email", input: { ["k".repeat(129)]: 1 } }],
    ["an input holding undefined", { name: "send-email", input: { to: undefined } }],
  ])("refuses an action with %s", (_name, action) => {
    expect(isValid(withChoices(choice("a", { action })))).toBe(false);
  });

  it("accepts an input key of 128 characters", () => {
    const action = { name: "send-email", input: { ["k".repeat(128)]: 1 } };
    expect(isValid(withChoices(choice("a", { action })))).toBe(true);
  });
});

describe("formatChoiceListFallback", () => {
  it("joins the prompt and the labels", () => {
    const props: ChoiceListProps = {
      prompt: "Where should we go?",
      choices: [
        { id: "docs", label: "Documentation" },
        { id: "demo", label: "Demo" },
      ],
    };
    expect(formatChoiceListFallback(props)).toBe("Where should we go? Documentation, Demo.");
  });
});
