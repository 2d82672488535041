import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  formatChoiceListFallback,
  resolveComponentFrame,
  type ConfirmableTool,
} from "@/lib/component-frames";
import { appComponents } from "../components";
import { appTools } from "@/lib/tools";
import { frameFromToolCall, frameTools } from "./frame-tools";

const [choiceList] = frameTools(appComponents, appTools);
const props = {
  prompt: "Send the notes?",
  choices: [
    {
      id: "send",
      label: "Send",
      action: {
        name: "send-email",
        input: { to: "team@example.com", subject: "Notes", body: "Here." },
      },
    },
    { id: "skip", label: "Not now" },
  ],
};

type Schema = { properties: Record<string, Schema>; items: Schema; anyOf: Schema[]; const: string };

describe("component frames as a model's tools", () => {
  it("offers each manifest component as a tool whose schema comes from its props, actions narrowed to confirmable tools", () => {
    expect(choiceList).toMatchObject({ name: "choice_list", definition: { key: "choice-list" } });
    const schema = choiceList!.inputSchema as unknown as Schema;
    expect(Object.keys(schema.properties)).toEqual(["prompt", "choices"]);
    const actions = schema.properties.choices!.items.properties.action!.anyOf;
    expect(actions.map((action) => action.properties.name!.const)).toEqual([
      "send-email",
      "create-issue",
    ]);
    expect(Object.keys(actions[0]!.properties.input!.properties)).toEqual([
      "to",
      "subject",
      "body",
    ]);
    expect(Object.keys(actions[1]!.properties.input!.properties)).toEqual([
      "title",
      "body",
      "labels",
    ]);
  });

  it("leaves out tools a person cannot confirm, and the action itself when none can be", () => {
    const unconfirmed: ConfirmableTool = {
      name: "delete-all",
      executable: true,
      requiresConfirmation: false,
      input: z.object({}),
      execute: async () => null,
    };
    const [tool] = frameTools(appComponents, [unconfirmed]);
    const choice = (tool!.inputSchema as unknown as Schema).properties.choices!.items;
    expect(Object.keys(choice.properties)).toEqual(["id", "label", "description"]);
  });

  it("packs a call as a frame the host resolves, with the component's own fallback text", () => {
    const frame = frameFromToolCall(choiceList!, props, "choice-list-1");
    expect(frame).toMatchObject({
      componentKey: "choice-list",
      instanceId: "choice-list-1",
      fallback: { kind: "choice-list", summary: formatChoiceListFallback(props) },
    });
    expect(resolveComponentFrame(frame, appComponents).ok).toBe(true);
  });

  it("passes props it does not judge on to the host, which refuses them", () => {
    for (const input of [
      { prompt: "Empty", choices: [] },
      "{not json",
      { prompt: "x", choices: [{ id: "a", label: "A", extra: true }] },
    ]) {
      const frame = frameFromToolCall(choiceList!, input, "choice-list-2");
      expect(frame.fallback.summary).toBe("A choice-list the model proposed.");
      const resolved = resolveComponentFrame(frame, appComponents);
      expect(resolved.ok ? "resolved" : resolved.diagnostic.code).toBe("COMPONENT_INVALID_PROPS");
    }
  });

  it("sends null for props that cannot travel as bounded JSON at all", () => {
    let deep: unknown = "bottom";
    for (let depth = 0; depth < 40; depth++) deep = { deep };
    expect(frameFromToolCall(choiceList!, deep, "choice-list-3").props).toBeNull();
  });

  it("cuts a long fallback summary to what a frame allows", () => {
    const long = { prompt: "p".repeat(4_096), choices: [{ id: "a", label: "A".repeat(200) }] };
    const frame = frameFromToolCall(choiceList!, long, "choice-list-4");
    expect(frame.fallback.summary).toHaveLength(4_096);
    expect(resolveComponentFrame(frame, appComponents).ok).toBe(true);
  });
});
