import {
  componentFallbackText,
  resolveComponentFrame,
  selectChoice,
  type ChoiceListProps,
  type ComponentDiagnostic,
} from "@/lib/component-frames";
import { appComponents } from "@/lib/agent/components";

export type FrameToDraw =
  | { kind: "choice-list"; props: ChoiceListProps }
  | { kind: "fallback"; text: string }
  | { kind: "diagnostic"; diagnostic: ComponentDiagnostic };

/** A frame the model wrote is untrusted: resolve it against the manifest before anything draws. */
export function frameToDraw(untrusted: unknown): FrameToDraw {
  const resolved = resolveComponentFrame(untrusted, appComponents);
  if (resolved.ok) return { kind: "choice-list", props: resolved.props };
  // A key the manifest lacks draws the frame's own fallback; invalid props draw a diagnostic.
  if (resolved.frame)
    return { kind: "fallback", text: componentFallbackText(resolved.frame.fallback) };
  return { kind: "diagnostic", diagnostic: resolved.diagnostic };
}

/** On the server, a pick is checked against the frame as it was stored, never as the page sent it. */
export function checkPick(storedFrame: unknown, choiceId: string) {
  const picked = selectChoice(storedFrame, choiceId);
  return picked.ok
    ? { label: picked.choice.label, action: picked.choice.action ?? null }
    : { refused: picked.diagnostic.code };
}
