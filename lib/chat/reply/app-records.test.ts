import { describe, expect, it } from "vitest";
import { envelope } from "@/lib/agent";
import { choiceListFrame } from "@/lib/agent/scenario";
import type { McpAppPart } from "../wire";
import { withAppRecord } from "./app-records";
import { replyHistoryText } from "./build";
import { contentParts } from "./content";
import { deploymentViewPart } from "@/scripts/test/mcp-app-fixtures";

const app: McpAppPart = deploymentViewPart("Free windows: Mon 9:00.", { windows: [] });

const kinds = (content: string, final = true) =>
  contentParts(content, { final }).map((part) => part.kind);

describe("an MCP App's call in a reply's content", () => {
  it("is its own record where it fell: the prose around it and its frames still draw", () => {
    const list = choiceListFrame("pick", "Pick", [{ id: "a", label: "A" }], "Choose A.");
    const before = envelope([{ kind: "text", text: "Here is the calendar." }]);
    const after = envelope([
      { kind: "text", text: "Or pick from a list." },
      { kind: "component", frame: list },
    ]);
    const content = `${withAppRecord(before, app)}${after.slice(after.indexOf("\n") + 1)}`;
    const parts = contentParts(content, { final: true });
    expect(parts.map((part) => part.kind)).toEqual(["text", "mcp-app", "text", "component"]);
    expect(parts[1]).toEqual(app);
  });

  it("opens the envelope for a call with nothing before it, and wraps plain prose before it", () => {
    expect(contentParts(withAppRecord("", app), { final: true })).toEqual([app]);
    const parts = contentParts(withAppRecord("Plain **prose**.", app), { final: true });
    expect(parts).toEqual([{ kind: "text", text: "Plain **prose**." }, app]);
  });

  it("reads as its text in the agent's history", () => {
    const content = withAppRecord(envelope([{ kind: "text", text: "Pick one." }]), app);
    expect(replyHistoryText(content, [])).toBe("Pick one.\nFree windows: Mon 9:00.\n");
  });

  it("cannot be written by a model: a record in its prose stays prose", () => {
    const imitation = `\n${JSON.stringify(app)}\n`;
    const content = envelope([{ kind: "text", text: `Look:${imitation}` }]);
    expect(kinds(content)).toEqual(["text"]);
  });

  it("keeps a placeholder for a frame still arriving after the call", () => {
    const list = choiceListFrame("pick", "Pick", [{ id: "a", label: "A" }], "Choose A.");
    const rest = envelope([{ kind: "component", frame: list }]);
    const content = `${withAppRecord("", app)}${rest.slice(rest.indexOf("\n") + 1)}`;
    expect(kinds(content.slice(0, -20), false)).toEqual(["mcp-app", "placeholder"]);
  });
});
