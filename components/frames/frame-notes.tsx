import { ProblemDetails } from "@/components/ui/problem-details";
import type { Part } from "@/lib/chat/wire";

// What a reply shows where a frame could not be drawn, in words a person reads; the codes stay
// available under "Details" for whoever builds the agent.

const DIAGNOSTIC_SENTENCES: Record<string, string> = {
  COMPONENT_INVALID_PROPS:
    "The agent sent a list this app could not show: its contents did not pass the app's checks (a list with no options, for one).",
  COMPONENT_INVALID_FRAME: "The agent sent an interactive part in a shape this app does not read.",
  COMPONENT_UNSUPPORTED_VERSION:
    "The agent sent an interactive part written for a newer version of this app.",
  COMPONENT_UNKNOWN_TYPE: "The agent sent an interactive part of a kind this app does not draw.",
  COMPONENT_DUPLICATE_INSTANCE:
    "The agent sent the same interactive part twice; only the first is shown.",
  INVALID_RECORD: "Part of this reply arrived damaged and could not be read.",
  ASSISTANT_CONTENT_UNSUPPORTED_VERSION: "This reply was written for a newer version of this app.",
  ASSISTANT_CONTENT_LIMIT_EXCEEDED:
    "This reply is larger than this app accepts; the rest of it is not shown.",
};

const NOTE = "rounded-md border px-3 py-2 text-sm";

/** A frame the host refused: what went wrong, and what to do about it. */
export function DiagnosticNote({ part }: { part: Extract<Part, { kind: "diagnostic" }> }) {
  return (
    <div
      role="note"
      className={`${NOTE} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100`}
    >
      <p>
        {DIAGNOSTIC_SENTENCES[part.code] ??
          "The agent sent an interactive part this app could not show."}{" "}
        Ask the agent to send it again.
      </p>
      <ProblemDetails problems={[part]} />
    </div>
  );
}

/** A valid frame of a component this app does not have: its summary stands in for it. */
export function FallbackNote({ part }: { part: Extract<Part, { kind: "fallback" }> }) {
  if (part.componentKey === undefined || part.summary === undefined)
    return (
      <p className={`${NOTE} border-dashed border-zinc-300 dark:border-zinc-700`}>{part.text}</p>
    );
  return (
    <div className={`${NOTE} border-dashed border-zinc-300 dark:border-zinc-700`}>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        This app can’t show the agent’s <span className="font-medium">{part.componentKey}</span>{" "}
        here; its summary instead:
      </p>
      <p className="mt-1">{part.summary}</p>
    </div>
  );
}
