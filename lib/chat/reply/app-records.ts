import "server-only";
import { ASSISTANT_CONTENT_HEADER, encodeAssistantContent } from "@/lib/component-frames";
import { mcpAppPartSchema, type McpAppPart } from "../wire";

/**
 * An MCP App's tool call is stored in its reply's content, as frames are: one record of the
 * content envelope, `{"kind":"mcp-app",...}` on a line of its own, which only the host writes
 * (`withAppRecord`). A model's prose is always data inside a text record (EnvelopeWriter), so no
 * text a model writes can become one. Everything that reads a reply (its parts while it streams,
 * a stop, a recovery, the agent's history) reads the call from there.
 */

// Larger than any demo result; a call past it is stored as its text alone.
const MAX_RECORD_CHARACTERS = 64_000;

/** The reply's content with the call appended as its own record, opening the envelope if needed. */
export function withAppRecord(content: string, part: McpAppPart): string {
  const whole = JSON.stringify(part);
  const record =
    whole.length <= MAX_RECORD_CHARACTERS
      ? whole
      : JSON.stringify({ ...part, result: { content: [{ type: "text", text: part.fallback }] } });
  if (content === "") return `${ASSISTANT_CONTENT_HEADER}${record}\n`;
  if (content.startsWith(ASSISTANT_CONTENT_HEADER))
    return `${content}${content.endsWith("\n") ? "" : "\n"}${record}\n`;
  // Prose written before the call becomes the envelope's first record.
  const prose = encodeAssistantContent([{ kind: "text", text: content }]);
  return `${prose.ok ? prose.content : ASSISTANT_CONTENT_HEADER}${record}\n`;
}

/** A line of an envelope that is an app record; null for every other line. */
export function readAppRecord(line: string): McpAppPart | null {
  if (!line.startsWith('{"kind":"mcp-app"')) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = mcpAppPartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * An envelope cut at its app records: each stretch between them is an envelope of its own (the
 * header and its lines), and each record its part, in order. Null when the content holds none.
 */
export function splitAtAppRecords(content: string): (string | McpAppPart)[] | null {
  if (!content.startsWith(ASSISTANT_CONTENT_HEADER) || !content.includes('\n{"kind":"mcp-app"'))
    return null;
  const lines = content.slice(ASSISTANT_CONTENT_HEADER.length).split("\n");
  const pieces: (string | McpAppPart)[] = [];
  let stretch: string[] = [];
  for (const [index, line] of lines.entries()) {
    const app = index < lines.length - 1 ? readAppRecord(line) : null;
    if (!app) {
      stretch.push(line);
      continue;
    }
    if (stretch.length > 0) pieces.push(`${ASSISTANT_CONTENT_HEADER}${stretch.join("\n")}\n`);
    pieces.push(app);
    stretch = [];
  }
  // What follows the last record, its last line perhaps still arriving.
  const rest = stretch.join("\n");
  if (rest !== "") pieces.push(`${ASSISTANT_CONTENT_HEADER}${rest}`);
  return pieces;
}
