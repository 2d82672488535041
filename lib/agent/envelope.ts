import { encodeAssistantContent, type AssistantContentPart } from "@/lib/component-frames";

type ScriptedPart = { kind: "text"; text: string } | { kind: "component"; frame: unknown };

/**
 * A scripted reply that mixes prose and component frames, written as a content envelope. Frames
 * may be deliberately broken (the host must refuse them), so they are typed loosely here: the
 * encoder checks each frame's envelope, and the host checks its props.
 */
export function envelope(parts: ScriptedPart[]): string {
  const encoded = encodeAssistantContent(parts as AssistantContentPart[]);
  if (!encoded.ok)
    throw new Error(`A scripted reply is not a valid envelope: ${encoded.diagnostic.code}`);
  return encoded.content;
}
