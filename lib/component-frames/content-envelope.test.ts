import { describe, expect, it } from "vitest";
import { ASSISTANT_CONTENT_HEADER } from "./constants";
import { decodeAssistantContent } from "./content-decoder";
import { encodeAssistantContent } from "./content-encoder";
import { exceedsUtf8Bytes, type AssistantContentPart } from "./content-parts";
import type { ComponentRenderFrame } from "./frame-decoder";
import { buildChoiceListFrame } from "../../scripts/test/frame-fixtures";

const frame = buildChoiceListFrame() as ComponentRenderFrame;
const otherFrame = buildChoiceListFrame({ instanceId: "second-choice" }) as ComponentRenderFrame;

function encode(parts: AssistantContentPart[]): string {
  const result = encodeAssistantContent(parts);
  if (!result.ok) throw new Error(result.diagnostic.code);
  return result.content;
}

function codeOf(input: unknown) {
  const result = decodeAssistantContent(input);
  return result.ok ? "ok" : result.diagnostic.code;
}

function record(value: unknown) {
  return `${JSON.stringify(value)}\n`;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

describe("encodeAssistantContent and decodeAssistantContent", () => {
  const parts: AssistantContentPart[] = [
    { kind: "text", text: "Here are two options 🚀.\nPick one:" },
    { kind: "component", frame },
    { kind: "text", text: 'Or this — with "quotes" and a \u2028 separator.' },
    { kind: "component", frame: otherFrame },
    { kind: "text", text: "Done." },
  ];

  it("round-trips prose and frames in order", () => {
    const content = encode(parts);
    expect(content.startsWith(ASSISTANT_CONTENT_HEADER)).toBe(true);
    expect(decodeAssistantContent(content)).toEqual({ ok: true, parts, complete: true });
  });

  it("decodes every prefix without error, and the parts only grow", () => {
    const content = encode(parts);
    let previous: AssistantContentPart[] = [];
    for (let end = 0; end <= content.length; end += 1) {
      const result = decodeAssistantContent(content.slice(0, end));
      if (!result.ok) throw new Error(`prefix ${end} failed with ${result.diagnostic.code}`);
      expect(result.parts.length).toBeGreaterThanOrEqual(previous.length);
      previous.forEach((part, index) => {
        const next = result.parts[index];
        if (index === previous.length - 1 && part.kind === "text" && next?.kind === "text") {
          expect(next.text.startsWith(part.text)).toBe(true);
        } else {
          expect(next).toEqual(part);
        }
      });
      expect(result.complete).toBe(end === content.length || content[end - 1] === "\n");
      previous = result.parts;
    }
    expect(previous).toEqual(parts);
  });

  it("merges adjacent text parts and keeps components in place", () => {
    const content = encode([
      { kind: "text", text: "a" },
      { kind: "text", text: "b" },
      { kind: "component", frame },
      { kind: "component", frame },
      { kind: "text", text: "" },
      { kind: "text", text: "c" },
    ]);
    expect(decodeAssistantContent(content)).toEqual({
      ok: true,
      parts: [
        { kind: "text", text: "ab" },
        { kind: "component", frame },
        { kind: "component", frame },
        { kind: "text", text: "c" },
      ],
      complete: true,
    });
  });

  it("splits long prose into records of at most 16,384 characters without breaking a character", () => {
    const text = `${"x".repeat(16_383)}😀${"y".repeat(20_000)}`;
    const content = encode([{ kind: "text", text }]);
    const lines = content.slice(ASSISTANT_CONTENT_HEADER.length).split("\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(JSON.parse(line).text.length).toBeLessThanOrEqual(16_384);
    expect(JSON.parse(lines[1] ?? "").text.startsWith("😀")).toBe(true);
    expect(decodeAssistantContent(content)).toEqual({
      ok: true,
      parts: [{ kind: "text", text }],
      complete: true,
    });
  });

  it("refuses to encode an invalid frame or too many records", () => {
    const broken = { ...frame, version: 2 } as unknown as ComponentRenderFrame;
    const invalid = encodeAssistantContent([{ kind: "component", frame: broken }]);
    expect(!invalid.ok && invalid.diagnostic.code).toBe("INVALID_RECORD");
    const many = Array.from({ length: 513 }, () => ({ kind: "component" as const, frame }));
    const tooMany = encodeAssistantContent(many);
    expect(!tooMany.ok && tooMany.diagnostic.code).toBe("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
    expect(encodeAssistantContent(many.slice(0, 512)).ok).toBe(true);
  });

  it("refuses to encode more than 262,144 bytes", () => {
    const tooBig = encodeAssistantContent([{ kind: "text", text: "é".repeat(140_000) }]);
    expect(!tooBig.ok && tooBig.diagnostic.code).toBe("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  });
});

describe("decodeAssistantContent", () => {
  it("treats every strict prefix of the header, the empty string included, as still streaming", () => {
    for (let end = 0; end < ASSISTANT_CONTENT_HEADER.length; end += 1) {
      expect(decodeAssistantContent(ASSISTANT_CONTENT_HEADER.slice(0, end))).toEqual({
        ok: true,
        parts: [],
        complete: false,
      });
    }
    expect(decodeAssistantContent(ASSISTANT_CONTENT_HEADER)).toEqual({
      ok: true,
      parts: [],
      complete: true,
    });
  });

  it("refuses input that is not a string or not an envelope", () => {
    for (const input of [
      undefined,
      null,
      42,
      { kind: "text" },
      "Just prose.",
      "\u001enot-the-header\n",
    ]) {
      expect(codeOf(input)).toBe("INVALID_RECORD");
    }
  });

  it("reads a plain JSON frame message as one component", () => {
    expect(decodeAssistantContent(JSON.stringify(frame))).toEqual({
      ok: true,
      parts: [{ kind: "component", frame }],
      complete: true,
    });
    expect(codeOf(JSON.stringify({ ...frame, version: 2 }))).toBe("INVALID_RECORD");
  });

  it("reports another envelope version", () => {
    expect(decodeAssistantContent("\u001eagentskit.chat.content/2\n")).toEqual({
      ok: false,
      diagnostic: {
        code: "ASSISTANT_CONTENT_UNSUPPORTED_VERSION",
        message: "Assistant content version is not supported.",
        retryable: false,
      },
    });
    expect(codeOf("\u001eagentskit.chat.content/2")).toBe("ASSISTANT_CONTENT_UNSUPPORTED_VERSION");
    expect(codeOf("\u001eagentskit.chat.content/10\n")).toBe(
      "ASSISTANT_CONTENT_UNSUPPORTED_VERSION",
    );
  });

  it("holds back an unterminated last record", () => {
    const text = record({ kind: "text", text: "first" });
    const partial = ASSISTANT_CONTENT_HEADER + text + '{"kind":"text","text":"sec';
    expect(decodeAssistantContent(partial)).toEqual({
      ok: true,
      parts: [{ kind: "text", text: "first" }],
      complete: false,
    });
    expect(
      decodeAssistantContent(`${ASSISTANT_CONTENT_HEADER + text}{"kind":"text","text":"second"}`),
    ).toEqual({
      ok: true,
      parts: [{ kind: "text", text: "first" }],
      complete: false,
    });
  });

  it.each([
    ["an empty record", "\n"],
    ["a record that is not JSON", "{kind: text}\n"],
    ["an empty text", record({ kind: "text", text: "" })],
    ["a text of 16,385 characters", record({ kind: "text", text: "t".repeat(16_385) })],
    ["a record with an extra key", record({ kind: "text", text: "hi", role: "system" })],
    ["an unknown kind", record({ kind: "image", url: "x" })],
    ["a component without a frame", record({ kind: "component" })],
    [
      "a component with an invalid frame",
      record({ kind: "component", frame: { ...frame, instanceId: "" } }),
    ],
    ["a record that is an array", record([{ kind: "text", text: "hi" }])],
  ])("refuses %s", (_name, body) => {
    expect(decodeAssistantContent(ASSISTANT_CONTENT_HEADER + body)).toEqual({
      ok: false,
      diagnostic: {
        code: "INVALID_RECORD",
        message: "Assistant content record is invalid.",
        retryable: false,
      },
    });
  });

  it("accepts a text record of exactly 16,384 characters", () => {
    expect(
      codeOf(ASSISTANT_CONTENT_HEADER + record({ kind: "text", text: "t".repeat(16_384) })),
    ).toBe("ok");
  });

  it("allows 512 records and refuses the 513th once it is terminated", () => {
    const body = record({ kind: "text", text: "r" }).repeat(512);
    expect(codeOf(ASSISTANT_CONTENT_HEADER + body)).toBe("ok");
    expect(codeOf(`${ASSISTANT_CONTENT_HEADER + body}{"kind":"text"`)).toBe("ok");
    expect(codeOf(ASSISTANT_CONTENT_HEADER + body + record({ kind: "text", text: "r" }))).toBe(
      "ASSISTANT_CONTENT_LIMIT_EXCEEDED",
    );
  });

  it("allows exactly 262,144 UTF-8 bytes, header included, and refuses one more", () => {
    const filler = record({ kind: "text", text: "é".repeat(8_000) });
    let content = ASSISTANT_CONTENT_HEADER;
    while (utf8Length(content + filler) < 262_144 - 100) content += filler;
    const emptyRecordBytes = utf8Length(record({ kind: "text", text: "" }));
    content += record({
      kind: "text",
      text: "a".repeat(262_144 - utf8Length(content) - emptyRecordBytes),
    });
    expect(utf8Length(content)).toBe(262_144);
    expect(codeOf(content)).toBe("ok");
    expect(codeOf(`${content} `)).toBe("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
    expect(codeOf(`${content.slice(0, -3)}é"}\n`)).toBe("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  });
});

describe("exceedsUtf8Bytes", () => {
  it("agrees with TextEncoder, lone surrogates included", () => {
    const samples = ["", "ascii", "é", "€", "😀", "\ud83d", "\ude00x", "a😀é€\ud83d"];
    for (const sample of samples) {
      const text = sample.repeat(40);
      const bytes = utf8Length(text);
      expect(exceedsUtf8Bytes(text, bytes)).toBe(false);
      if (bytes > 0) expect(exceedsUtf8Bytes(text, bytes - 1)).toBe(true);
    }
  });
});
