import { describe, expect, it } from "vitest";
import type { UiDiagnosticCode, UiViewNode } from "@/lib/intelligent-ui";
import { plainText } from "@/lib/chat/wire/plain-text";
import { blockTitle } from "./block-title";
import { choicesClosedReason } from "./ui-block-view";

function node(
  type: string,
  children: UiViewNode[] = [],
  props: UiViewNode["props"] = {},
  error?: UiDiagnosticCode,
): UiViewNode {
  return {
    id: type,
    sourceId: type,
    type,
    props,
    children,
    complete: true,
    interactive: false,
    fallback: "",
    ...(error ? { error } : {}),
  };
}
const text = (words: string): UiViewNode => ({ ...node("text"), text: words });

describe("a block's title", () => {
  it("is its Summary, read without Markdown marks", () => {
    expect(
      blockTitle([
        node("Section", [node("Summary", [text("**3** builds [failing](https://ci.example)")])], {
          title: "CI",
        }),
      ]),
    ).toBe("3 builds failing");
  });

  it("is else the first titled Callout, Section or Tab, and empty without one", () => {
    expect(
      blockTitle([
        node("Stack", [
          node("Card", [], { title: "Not this" }),
          node("Tab", [], { title: "  " }),
          node("Callout", [], { title: "_Heads up_" }),
        ]),
      ]),
    ).toBe("Heads up");
    expect(blockTitle([node("Stack", [text("Plain")])])).toBe("");
  });

  it("is not looked for inside a node that failed to draw", () => {
    expect(
      blockTitle([node("Stack", [node("Summary", [text("Hidden")])], {}, "invalid_value")]),
    ).toBe("");
  });
});

describe("plainText", () => {
  it("keeps underscores inside words and code-free text whole", () => {
    expect(plainText("deploy_to_prod `now`  ~~please~~")).toBe("deploy_to_prod now please");
  });
});

describe("why a block's Choices are closed", () => {
  it("is the host's reason first, then a block no one can answer here, then a preview", () => {
    expect(choicesClosedReason("Reply streaming.", false, false)).toBe("Reply streaming.");
    expect(choicesClosedReason(null, false, true)).toBe("This block cannot be answered here.");
    expect(choicesClosedReason(null, true, false)).toBe("Choices open when the block is finished.");
    expect(choicesClosedReason(null, true, true)).toBeNull();
  });
});
