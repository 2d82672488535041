import * as z from "zod/mini";
import { ASSISTANT_CONTENT_LIMITS } from "./constants";
import type { ComponentRenderFrame } from "./frame-decoder";

export type AssistantTextPart = { readonly kind: "text"; readonly text: string };
export type AssistantComponentPart = {
  readonly kind: "component";
  readonly frame: ComponentRenderFrame;
};
export type AssistantContentPart = AssistantTextPart | AssistantComponentPart;

/** One line of the envelope; the frame is decoded separately by `decodeComponentFrame`. */
export const ContentRecordSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("text"),
    text: z.string().check(z.minLength(1), z.maxLength(ASSISTANT_CONTENT_LIMITS.maxTextLength)),
  }),
  z.strictObject({ kind: z.literal("component"), frame: z.unknown() }),
]);
export type ContentRecord = z.infer<typeof ContentRecordSchema>;

/** Adjacent text parts become one; components keep their place. */
export function mergeTextParts(parts: readonly AssistantContentPart[]): AssistantContentPart[] {
  const merged: AssistantContentPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.kind === "text" && previous?.kind === "text") {
      merged[merged.length - 1] = { kind: "text", text: previous.text + part.text };
    } else {
      merged.push(part);
    }
  }
  return merged;
}

/** UTF-8 size check without allocating an encoded copy; stops as soon as `max` is passed. */
export function exceedsUtf8Bytes(text: string, max: number): boolean {
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
