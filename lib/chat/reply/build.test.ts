import { describe, expect, it } from "vitest";
import { compileUi, UiFencePreview } from "@/lib/intelligent-ui";
import { QUERY_SCHEMAS } from "@/lib/live-sources";
import { envelope } from "@/lib/agent";
import { buildReply, replyHistoryText } from "./build";

const BLOCK =
  '```ui\n<Summary>Deploys</Summary>\n<Choices><Choice context="Ship it">Ship</Choice></Choices>\n```';

describe("buildReply", () => {
  it("draws each fence as a block in its place, between the prose around it", () => {
    const content = `Before\n\n${BLOCK}\nAfter`;
    const built = buildReply(content, { itemId: "r", final: true, revision: 1 });
    expect(built.parts).toEqual([
      { kind: "text", text: "Before\n\n" },
      { kind: "block", blockId: "r:ui:8" },
      { kind: "text", text: "After" },
    ]);
    expect(built.blocks).toMatchObject([
      { id: "r:ui:8", complete: true, revision: 1, diagnostics: [] },
    ]);
  });

  it("keeps a block's id and place while the reply streams, and sends its fence as text that only grows", () => {
    const partial = `Before\n\n${BLOCK.slice(0, 30)}`;
    const first = buildReply(partial, { itemId: "r", final: false });
    expect(first).toEqual({
      parts: [
        { kind: "text", text: "Before\n\n" },
        { kind: "block", blockId: "r:ui:8", fence: BLOCK.slice(0, 30) },
      ],
      blocks: [],
    });
    const closed = buildReply(`Before\n\n${BLOCK}\nAfter`, { itemId: "r", final: false });
    expect(closed.parts).toEqual([
      { kind: "text", text: "Before\n\n" },
      { kind: "block", blockId: "r:ui:8", fence: `${BLOCK}\n` },
      { kind: "text", text: "After" },
    ]);
  });

  it("lets a page preview each streaming block as the server's compile of the whole reply would", () => {
    const reply = `Before\n\n${BLOCK}\nBetween\n\n${BLOCK.replace("Deploys", "Again")}\nAfter`;
    const previews = new Map<string, UiFencePreview>();
    const fences = new Map<string, string>();
    for (let length = 1; length <= reply.length; length++) {
      const { parts } = buildReply(reply.slice(0, length), { itemId: "r", final: false });
      const expected = compileUi(reply.slice(0, length), { id: "r", querySchemas: QUERY_SCHEMAS });
      const blockParts = parts.flatMap((part) => (part.kind === "block" ? [part] : []));
      expect(blockParts.map((part) => part.blockId)).toEqual(expected.map((block) => block.id));
      for (const part of blockParts) {
        const preview =
          previews.get(part.blockId) ??
          new UiFencePreview({ id: part.blockId, querySchemas: QUERY_SCHEMAS });
        previews.set(part.blockId, preview);
        // Only ever appended to, so it travels as changes.
        expect(part.fence!.startsWith(fences.get(part.blockId) ?? "")).toBe(true);
        fences.set(part.blockId, part.fence!);
        expect(preview.compile(part.fence!), `${part.blockId} at ${length}`).toEqual(
          expected.find((block) => block.id === part.blockId),
        );
      }
    }
  });

  it("counts block offsets in the prose of an envelope, beside its frames", () => {
    const frame = {
      protocol: "agentskit.chat.component",
      version: 1,
      type: "render",
      componentKey: "choice-list",
      instanceId: "c",
      props: { prompt: "Pick", choices: [{ id: "a", label: "A" }] },
      fallback: { kind: "choice-list", summary: "Choose A." },
    };
    const content = envelope([
      { kind: "text", text: `Intro\n${BLOCK}\n` },
      { kind: "component", frame },
      { kind: "text", text: "End" },
    ]);
    const built = buildReply(content, { itemId: "r", final: true, revision: 1 });
    expect(built.parts.map((part) => part.kind)).toEqual(["text", "block", "component", "text"]);
    expect(built.blocks.map((block) => block.id)).toEqual(["r:ui:6"]);
    expect(replyHistoryText(content, built.blocks)).toBe(
      "Intro\nDeploys\nShip\nShip it\n\nChoose A.\nEnd",
    );
  });

  it("gives the agent its blocks' fallbacks, never raw fences", () => {
    const content = `Before\n${BLOCK}\nAfter`;
    const { blocks } = buildReply(content, { itemId: "r", final: true, revision: 1 });
    expect(replyHistoryText(content, blocks)).toBe("Before\nDeploys\nShip\nShip it\nAfter");
  });

  it("compiles @Query of a registered source and refuses one of any other", () => {
    const live =
      '```ui\n$branch = "main"\n$runs = @Query("ci.runs", {branch: $branch})\n<Summary>{$branch}</Summary>\n```';
    expect(buildReply(live, { itemId: "r", final: true }).blocks[0]!.diagnostics).toEqual([]);
    const unknown = live.replace("ci.runs", "payroll.salaries");
    expect(
      buildReply(unknown, { itemId: "r", final: true }).blocks[0]!.diagnostics.map((d) => d.code),
    ).toEqual(["unknown_query"]);
  });
});
