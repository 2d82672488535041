import { describe, expect, it } from "vitest";
import { envelope } from "@/lib/agent";
import { choiceListFrame } from "@/lib/agent/scenario";
import { contentParts } from "./content";

const list = choiceListFrame("pick", "Pick one", [{ id: "a", label: "A" }], "Choose A.");

describe("contentParts", () => {
  it("holds the place of a frame still streaming with a placeholder, then draws the frame", () => {
    const whole = envelope([
      { kind: "text", text: "Before" },
      { kind: "component", frame: list },
    ]);
    const cut = whole.slice(0, whole.length - 40);
    expect(contentParts(cut, { final: false }).map((part) => part.kind)).toEqual([
      "text",
      "placeholder",
    ]);
    expect(contentParts(whole, { final: false }).map((part) => part.kind)).toEqual([
      "text",
      "component",
    ]);
    // A final reply never holds a placeholder: what did not arrive is simply not there.
    expect(contentParts(cut, { final: true }).map((part) => part.kind)).toEqual(["text"]);
  });

  it("marks choices whose action the app would refuse, with the rule and the fields at fault", () => {
    const frame = choiceListFrame(
      "acts",
      "Which?",
      [
        { id: "wipe", label: "Wipe", action: { name: "delete-everything", input: {} } },
        {
          id: "bad",
          label: "Bad",
          action: { name: "send-email", input: { to: "nobody", subject: "Hi", body: "Hello" } },
        },
        {
          id: "good",
          label: "Good",
          action: {
            name: "send-email",
            input: { to: "ada@example.com", subject: "Hi", body: "Hello" },
          },
        },
        { id: "plain", label: "Plain" },
      ],
      "Choose.",
    );
    const [part] = contentParts(envelope([{ kind: "component", frame }]), { final: true });
    expect(part).toMatchObject({
      kind: "component",
      refusedChoices: {
        wipe: { code: "ACTION_UNREGISTERED", fields: [] },
        bad: { code: "ACTION_INVALID_INPUT", fields: ["to"] },
      },
    });
  });
});
