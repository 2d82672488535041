import type { UiDiagnostic, UiDiagnosticCode } from "@/lib/intelligent-ui";
import { MUTED } from "./props";

const SENTENCES: Record<UiDiagnosticCode, string> = {
  invalid_syntax: "Part of this block is written in a way that could not be read.",
  invalid_tag: "A tag in this block has a name that is not allowed.",
  invalid_prop: "A setting in this block is written incorrectly.",
  invalid_declaration: "A value declared at the top of this block is malformed.",
  duplicate_declaration: "This block declares the same value twice; the first one is used.",
  invalid_default: "A value declared at the top of this block is not a plain constant.",
  unclosed_tag: "A tag in this block was never closed.",
  unmatched_tag: "This block closes a tag it never opened.",
  duplicate_prop: "A setting is given twice on one component.",
  refused_prop: "A component was given a setting it does not have; the setting was ignored.",
  invalid_props: "A component was given settings it cannot show.",
  unknown_component: "This block uses a component this app does not know.",
  invalid_parent: "A component is placed outside the component it belongs in.",
  invalid_child: "A component holds something it cannot contain.",
  invalid_expression: "A computed value in this block is written incorrectly.",
  incomplete_expression: "A computed value in this block was left unfinished.",
  invalid_value: "A computed value has the wrong type or is out of range.",
  refused_call: "This block calls a helper that is not available.",
  refused_access: "Part of this block reads data that is missing or not loaded yet.",
  query_only: "Live data can only be requested at the top of a block.",
  action_only: "A button action is used outside a button.",
  invalid_query: "A live data request in this block is not valid.",
  unknown_query: "This block asks for live data this app does not provide.",
  refused_action: "A button asks for an action that is not allowed.",
  refused_binding: "A control or button targets a value this block does not declare.",
  budget_exceeded: "This block is too large to draw in full.",
  unknown_catalog: "This block was written for another version of the app's components.",
};

/** A sentence a person can read for a diagnostic code; an unknown code still reads as one. */
export function describeUiDiagnostic(code: string): string {
  return Object.hasOwn(SENTENCES, code) ? SENTENCES[code as UiDiagnosticCode] : "Part of this block could not be drawn.";
}

const SHOWN = 5;

/** The block's problems, one line a kind, muted: the parts that did draw stay the focus. */
export function DiagnosticList({ diagnostics }: { diagnostics: readonly UiDiagnostic[] }) {
  const byCode = new Map<string, { count: number; message: string }>();
  for (const diagnostic of diagnostics) {
    const seen = byCode.get(diagnostic.code);
    if (seen) seen.count++;
    else byCode.set(diagnostic.code, { count: 1, message: diagnostic.message });
  }
  if (byCode.size === 0) return null;
  const rows = [...byCode].slice(0, SHOWN);
  return (
    <div className={`border-t border-zinc-200 pt-2 text-xs dark:border-zinc-800 ${MUTED}`}>
      <p className="font-medium">Some of this block could not be drawn:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {rows.map(([code, { count, message }]) => (
          <li key={code} title={message}>
            {describeUiDiagnostic(code)}
            {count > 1 && ` (${count} places)`} <span className="font-mono">{code}</span>
          </li>
        ))}
        {byCode.size > SHOWN && <li>{`…and ${byCode.size - SHOWN} other kinds of problem.`}</li>}
      </ul>
    </div>
  );
}
