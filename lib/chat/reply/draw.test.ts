import { describe, expect, it } from "vitest";
import { UiCompiler } from "@/lib/intelligent-ui";
import { envelope } from "@/lib/agent";
import { drawReply, replyHistoryText } from "./draw";

const BLOCK = "```ui\n<Summary>Deploys</Summary>\n<Choices><Choice context=\"Ship it\">Ship</Choice></Choices>\n```";

describe("drawReply", () => {
  it("draws each fence as a block in its place, between the prose around it", () => {
    const content = `Before\n\n${BLOCK}\nAfter`;
    const drawn = drawReply(content, { itemId: "r", final: true, revision: 1 });
    expect(drawn.parts).toEqual([{ kind: "text", text: "Before\n\n" }, { kind: "block", blockId: "r:ui:8" }, { kind: "text", text: "After" }]);
    expect(drawn.blocks).toMatchObject([{ id: "r:ui:8", complete: true, revision: 1, diagnostics: [] }]);
  });

  it("keeps a block's id and place while the reply streams, and says when a preview is pending", () => {
    const compiler = new UiCompiler({ id: "r" });
    const partial = `Before\n\n${BLOCK.slice(0, 30)}`;
    const first = drawReply(partial, { itemId: "r", final: false, compiler });
    expect(first).toMatchObject({ compiled: true, pending: false, parts: [{ kind: "text" }, { kind: "block", blockId: "r:ui:8" }] });
    expect(first.blocks[0]).toMatchObject({ complete: false });
    const known = new Map(first.blocks.map((block) => [block.id, block]));
    const grown = drawReply(`Before\n\n${BLOCK.slice(0, 60)}`, { itemId: "r", final: false, known });
    expect(grown).toMatchObject({ compiled: false, pending: true, parts: first.parts });
    expect(grown.blocks).toEqual(first.blocks);
  });

  it("counts block offsets in the prose of an envelope, beside its frames", () => {
    const frame = { protocol: "agentskit.chat.component", version: 1, type: "render", componentKey: "choice-list", instanceId: "c", props: { prompt: "Pick", choices: [{ id: "a", label: "A" }] }, fallback: { kind: "choice-list", summary: "Choose A." } };
    const content = envelope([{ kind: "text", text: `Intro\n${BLOCK}\n` }, { kind: "component", frame }, { kind: "text", text: "End" }]);
    const drawn = drawReply(content, { itemId: "r", final: true, revision: 1 });
    expect(drawn.parts.map((part) => part.kind)).toEqual(["text", "block", "component", "text"]);
    expect(drawn.blocks.map((block) => block.id)).toEqual(["r:ui:6"]);
    expect(replyHistoryText(content, drawn.blocks)).toBe("Intro\nDeploys\nShip\nShip it\n\nChoose A.\nEnd");
  });

  it("gives the agent its blocks' fallbacks, never raw fences", () => {
    const content = `Before\n${BLOCK}\nAfter`;
    const { blocks } = drawReply(content, { itemId: "r", final: true, revision: 1 });
    expect(replyHistoryText(content, blocks)).toBe("Before\nDeploys\nShip\nShip it\nAfter");
  });

  it("compiles @Query of a registered source and refuses one of any other", () => {
    const live = "```ui\n$branch = \"main\"\n$runs = @Query(\"ci.runs\", {branch: $branch})\n<Summary>{$branch}</Summary>\n```";
    expect(drawReply(live, { itemId: "r", final: true }).blocks[0]!.diagnostics).toEqual([]);
    const unknown = live.replace("ci.runs", "payroll.salaries");
    expect(drawReply(unknown, { itemId: "r", final: true }).blocks[0]!.diagnostics.map((d) => d.code)).toEqual(["unknown_query"]);
  });
});
