import { ASSISTANT_CONTENT_HEADER, ASSISTANT_CONTENT_LIMITS } from "./constants";
import {
  ContentRecordSchema,
  exceedsUtf8Bytes,
  mergeTextParts,
  type AssistantContentPart,
} from "./content-parts";
import { fail, type Failure } from "./diagnostics";
import { decodeComponentFrame } from "./frame-decoder";

export type AssistantContentDecodeResult =
  | {
      readonly ok: true;
      readonly parts: AssistantContentPart[];
      /** False while a header or last record is still arriving; those bytes are held back. */
      readonly complete: boolean;
    }
  | Failure;

const HEADER_STEM = "\u001eagentskit.chat.content/";
const HEADER_VERSION = "1";

/**
 * Decodes a reply that may still be streaming. Every prefix of a valid envelope decodes without
 * error, and the parts of a longer prefix extend those of a shorter one.
 */
export function decodeAssistantContent(input: unknown): AssistantContentDecodeResult {
  if (typeof input !== "string") return fail("INVALID_RECORD");
  if (
    input.length < ASSISTANT_CONTENT_HEADER.length &&
    ASSISTANT_CONTENT_HEADER.startsWith(input)
  ) {
    return { ok: true, parts: [], complete: false };
  }
  if (exceedsUtf8Bytes(input, ASSISTANT_CONTENT_LIMITS.maxBytes)) {
    return fail("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  }
  if (!input.startsWith("\u001e")) return decodePlainFrame(input);
  if (!input.startsWith(HEADER_STEM)) return fail("INVALID_RECORD");
  const versionEnd = input.indexOf("\n", HEADER_STEM.length);
  const version = input.slice(HEADER_STEM.length, versionEnd < 0 ? undefined : versionEnd);
  if (version !== HEADER_VERSION) return fail("ASSISTANT_CONTENT_UNSUPPORTED_VERSION");
  return decodeRecords(input.slice(ASSISTANT_CONTENT_HEADER.length));
}

function decodeRecords(body: string): AssistantContentDecodeResult {
  const lines = body.split("\n");
  // Whatever follows the last newline is a record still being written.
  const pending = lines.pop();
  if (lines.length > ASSISTANT_CONTENT_LIMITS.maxRecords) {
    return fail("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  }
  const parts: AssistantContentPart[] = [];
  for (const line of lines) {
    const part = decodeRecord(line);
    if (!part) return fail("INVALID_RECORD");
    parts.push(part);
  }
  return { ok: true, parts: mergeTextParts(parts), complete: pending === "" };
}

function decodeRecord(line: string): AssistantContentPart | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const record = ContentRecordSchema.safeParse(value);
  if (!record.success) return undefined;
  if (record.data.kind === "text") return { kind: "text", text: record.data.text };
  const frame = decodeComponentFrame(record.data.frame);
  return frame.ok ? { kind: "component", frame: frame.frame } : undefined;
}

/** A message that is just a JSON render frame is a reply with one component. */
function decodePlainFrame(input: string): AssistantContentDecodeResult {
  const frame = decodeComponentFrame(input);
  if (!frame.ok) return fail("INVALID_RECORD");
  return { ok: true, parts: [{ kind: "component", frame: frame.frame }], complete: true };
}
