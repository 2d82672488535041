import { ASSISTANT_CONTENT_HEADER, ASSISTANT_CONTENT_LIMITS } from "./constants";
import {
  exceedsUtf8Bytes,
  isHighSurrogate,
  type AssistantContentPart,
  type ContentRecord,
} from "./content-parts";
import { fail, type Failure } from "./diagnostics";
import { decodeComponentFrame } from "./frame-decoder";

export type AssistantContentEncodeResult =
  { readonly ok: true; readonly content: string } | Failure;

/**
 * Writes prose and frames, in order, as one envelope: the header, then one JSON record per line,
 * each line terminated so a streaming reader can tell a finished record from a partial one.
 */
export function encodeAssistantContent(
  parts: readonly AssistantContentPart[],
): AssistantContentEncodeResult {
  const records: ContentRecord[] = [];
  try {
    for (const part of parts) {
      const encoded = encodePart(part);
      if (!encoded) return fail("INVALID_RECORD");
      records.push(...encoded);
    }
  } catch {
    return fail("INVALID_RECORD");
  }
  if (records.length > ASSISTANT_CONTENT_LIMITS.maxRecords)
    return fail("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  const content =
    ASSISTANT_CONTENT_HEADER + records.map((record) => `${JSON.stringify(record)}\n`).join("");
  if (exceedsUtf8Bytes(content, ASSISTANT_CONTENT_LIMITS.maxBytes)) {
    return fail("ASSISTANT_CONTENT_LIMIT_EXCEEDED");
  }
  return { ok: true, content };
}

function encodePart(part: AssistantContentPart): ContentRecord[] | undefined {
  if (part.kind === "text" && typeof part.text === "string") {
    return splitText(part.text).map((text) => ({ kind: "text", text }));
  }
  if (part.kind === "component") {
    const decoded = decodeComponentFrame(part.frame);
    return decoded.ok ? [{ kind: "component", frame: decoded.frame }] : undefined;
  }
  return undefined;
}

/** Long prose becomes several text records; the decoder merges them back into one part. */
function splitText(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + ASSISTANT_CONTENT_LIMITS.maxTextLength, text.length);
    // Keep surrogate pairs whole so no record holds half a character.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}
