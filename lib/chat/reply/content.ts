import "server-only";
import { appComponents } from "@/lib/agent/components";
import {
  componentFallbackText,
  decodeAssistantContent,
  resolveComponentFrame,
  type AssistantContentPart,
} from "@/lib/component-frames";
import { refusedChoices } from "@/lib/tools/refused-choices";
import type { Part } from "../wire";
import { splitAtAppRecords } from "./app-records";

const DUPLICATE_INSTANCE = {
  code: "COMPONENT_DUPLICATE_INSTANCE",
  message: "Another component in this reply has the same instance id.",
};

function carriesFrames(content: string): boolean {
  return content.startsWith("\u001e") || content.trimStart().startsWith("{");
}

/**
 * Every frame is checked against the closed manifest before it is stored or streamed; one that fails
 * draws as a diagnostic, and the rest of the reply still draws.
 */
export function contentParts(content: string, { final }: { final: boolean }): Part[] {
  if (!carriesFrames(content)) return content ? [{ kind: "text", text: content }] : [];
  const pieces = splitAtAppRecords(content);
  if (pieces) {
    // The stretches between an MCP App's records decode as envelopes of their own.
    const seen = new Set<string>();
    const parts = pieces.flatMap((piece): Part[] =>
      typeof piece === "string" ? envelopeParts(piece, seen) : [piece],
    );
    return !final && frameArriving(content) ? [...parts, { kind: "placeholder" }] : parts;
  }
  const decoded = decodeAssistantContent(content);
  if (decoded.ok) {
    const parts = resolveParts(decoded.parts);
    return !final && frameArriving(content) ? [...parts, { kind: "placeholder" }] : parts;
  }
  if (!content.startsWith("\u001e")) {
    // Until complete, a reply starting with a brace is most likely a frame arriving.
    return final ? [{ kind: "text", text: content }] : [{ kind: "placeholder" }];
  }
  return [
    { kind: "diagnostic", code: decoded.diagnostic.code, message: decoded.diagnostic.message },
  ];
}

function envelopeParts(envelope: string, seen: Set<string>): Part[] {
  const decoded = decodeAssistantContent(envelope);
  if (decoded.ok) return resolveParts(decoded.parts, seen);
  return [
    { kind: "diagnostic", code: decoded.diagnostic.code, message: decoded.diagnostic.message },
  ];
}

/** The record after the envelope's last newline draws nothing until whole, so its place shows a skeleton. */
function frameArriving(content: string): boolean {
  const pending = content.slice(content.lastIndexOf("\n") + 1);
  return !pending.startsWith("\u001e") && /^\{\s*"kind"\s*:\s*"component"/.test(pending);
}

function resolveParts(
  parts: readonly AssistantContentPart[],
  seen: Set<string> = new Set<string>(),
): Part[] {
  return parts.map((part): Part => {
    if (part.kind === "text") return { kind: "text", text: part.text };
    const resolved = resolveComponentFrame(part.frame, appComponents);
    if (!resolved.ok) {
      const { diagnostic, frame } = resolved;
      if (diagnostic.code === "COMPONENT_UNKNOWN" && frame) {
        return {
          kind: "fallback",
          text: componentFallbackText(frame.fallback),
          componentKey: frame.componentKey,
          summary: frame.fallback.summary,
        };
      }
      return { kind: "diagnostic", code: diagnostic.code, message: diagnostic.message };
    }
    if (seen.has(resolved.frame.instanceId)) return { kind: "diagnostic", ...DUPLICATE_INSTANCE };
    seen.add(resolved.frame.instanceId);
    const refused = refusedChoices(resolved.componentKey, resolved.frame.props);
    return {
      kind: "component",
      instanceId: resolved.frame.instanceId,
      componentKey: resolved.componentKey,
      props: resolved.frame.props,
      fallback: { ...resolved.frame.fallback },
      ...(refused ? { refusedChoices: refused } : {}),
    };
  });
}
