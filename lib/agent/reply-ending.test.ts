import { describe, expect, it } from "vitest";
import {
  ASSISTANT_CONTENT_HEADER,
  ASSISTANT_CONTENT_LIMITS,
  decodeAssistantContent,
} from "@/lib/component-frames";
import { envelope } from "./envelope";
import { endReplyWith } from "./reply-ending";

const SENTENCE = "The reply took too long, so it stopped here. Try again.";
const FRAME = {
  protocol: "agentskit.chat.component",
  version: 1,
  type: "render",
  componentKey: "choice-list",
  instanceId: "choice-list-1",
  props: { prompt: "Where next?", choices: [{ id: "docs", label: "Docs" }] },
  fallback: { kind: "choice-list", summary: "Where next? Docs" },
};
const FENCE = "````";

const parts = (content: string) => {
  const decoded = decodeAssistantContent(content);
  if (!decoded.ok) throw new Error(decoded.diagnostic.code);
  return decoded.parts;
};

describe("a sentence at the end of a cut-off reply", () => {
  it("ends Markdown with a paragraph, after closing a block the reply was writing", () => {
    expect(endReplyWith("", SENTENCE)).toBe(SENTENCE);
    expect(endReplyWith("Checking the runs", SENTENCE)).toBe(`Checking the runs\n\n${SENTENCE}`);
    expect(endReplyWith(`Here:\n\n${FENCE}ui\n<Summary>Half`, SENTENCE)).toBe(
      `Here:\n\n${FENCE}ui\n<Summary>Half\n${FENCE}\n\n${SENTENCE}`,
    );
  });

  it("ends an envelope with a text record, dropping a record still arriving", () => {
    const written = envelope([
      { kind: "text", text: "Before\n```ui\n<Summary>Half" },
      { kind: "component", frame: FRAME },
    ]);
    const ended = endReplyWith(`${written}{"kind":"text","te`, SENTENCE);
    expect(ended.startsWith(written)).toBe(true);
    // The block the prose left open is closed first, although a frame came after it.
    expect(parts(ended).at(-1)).toEqual({ kind: "text", text: `\n\`\`\`\n\n${SENTENCE}` });
    expect(parts(endReplyWith(ASSISTANT_CONTENT_HEADER, SENTENCE))).toEqual([
      { kind: "text", text: SENTENCE },
    ]);
    expect(parts(endReplyWith("\u001eagentskit.chat", SENTENCE))).toEqual([
      { kind: "text", text: SENTENCE },
    ]);
  });

  it("leaves an envelope as it is when it has no room for the sentence, or cannot be read", () => {
    const full =
      ASSISTANT_CONTENT_HEADER +
      `${JSON.stringify({ kind: "text", text: "x" })}\n`.repeat(
        ASSISTANT_CONTENT_LIMITS.maxRecords,
      );
    expect(endReplyWith(full, SENTENCE)).toBe(full);
    const broken = `${ASSISTANT_CONTENT_HEADER}not a record\n`;
    expect(endReplyWith(broken, SENTENCE)).toBe(broken);
  });
});
