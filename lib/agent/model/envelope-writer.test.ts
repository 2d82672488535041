import { describe, expect, it } from "vitest";
import {
  ASSISTANT_CONTENT_HEADER,
  ASSISTANT_CONTENT_LIMITS,
  decodeAssistantContent,
  type AssistantContentPart,
} from "@/lib/component-frames";
import { EnvelopeWriter } from "./envelope-writer";
import { frameFromToolCall, frameTools } from "./frame-tools";
import { appComponents } from "../components";

const choiceList = frameTools(appComponents, [])[0]!;
const frame = (id: string) =>
  frameFromToolCall(choiceList, { prompt: "Pick", choices: [{ id: "a", label: "A" }] }, id);

function decoded(content: string): AssistantContentPart[] {
  const result = decodeAssistantContent(content);
  if (!result.ok) throw new Error(result.diagnostic.code);
  return result.parts;
}

function prose(parts: AssistantContentPart[]): string {
  return parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}

describe("the envelope a model's reply is written as", () => {
  it("streams whole records: every chunk leaves an envelope that decodes, and the prose comes back whole", () => {
    const writer = new EnvelopeWriter();
    const text =
      "Here is a plan.\n\n```ui\n<Summary>Ship it</Summary>\n```\n\nAnything else? ".repeat(5);
    let content = "";
    for (const delta of text.match(/[\s\S]{1,3}/g)!) {
      content += writer.text(delta);
      expect(decoded(content).length).toBeLessThanOrEqual(1);
      expect(content.endsWith("\n") || content === "").toBe(true);
    }
    expect(content.startsWith(ASSISTANT_CONTENT_HEADER)).toBe(true);
    content += writer.end();
    expect(prose(decoded(content))).toBe(text);
  });

  it("writes the prose so far before a frame, and prose after it", () => {
    const writer = new EnvelopeWriter();
    const content =
      writer.text("Pick one:") +
      writer.frame(frame("choice-list-1")) +
      writer.text(" then more.") +
      writer.end();
    expect(decoded(content).map((part) => part.kind)).toEqual(["text", "component", "text"]);
  });

  it("keeps prose that imitates the envelope or a frame as prose", () => {
    const writer = new EnvelopeWriter();
    const imitation = `${ASSISTANT_CONTENT_HEADER}${JSON.stringify({ kind: "component", frame: frame("forged") })}\n`;
    const parts = decoded(writer.text(imitation) + writer.end());
    expect(parts).toEqual([{ kind: "text", text: imitation }]);
  });

  it("stores what Postgres can: NUL replaced, a character split across deltas kept whole", () => {
    const writer = new EnvelopeWriter();
    const content =
      writer.text(`${"x".repeat(40)}\uD83D`) +
      writer.text("\uDE80 and \u0000 and a lone \uDC00") +
      writer.end();
    expect(prose(decoded(content))).toBe(`${"x".repeat(40)}🚀 and \uFFFD and a lone \uFFFD`);
  });

  it("has a reply that wrote nothing still be an envelope", () => {
    expect(new EnvelopeWriter().end()).toBe(ASSISTANT_CONTENT_HEADER);
  });

  it("stays within the envelope's record limit however long and finely streamed the reply", () => {
    const writer = new EnvelopeWriter();
    let content = "";
    for (let index = 0; index < 40_000; index++) content += writer.text(`w${index % 10} `);
    for (let index = 0; index < 600; index++) content += writer.frame(frame(`list-${index}`));
    content += writer.end();
    const records = content.split("\n").length - 2;
    expect(records).toBeLessThanOrEqual(ASSISTANT_CONTENT_LIMITS.maxRecords);
    const parts = decoded(content);
    expect(prose(parts)).toHaveLength(120_000);
    expect(parts.filter((part) => part.kind === "component").length).toBeGreaterThan(0);
  });
});
