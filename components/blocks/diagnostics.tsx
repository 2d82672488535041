import type { UiDiagnostic, UiDiagnosticCode } from "@/lib/intelligent-ui";
import { ProblemDetails, type Problem } from "@/components/ui/problem-details";
import { MUTED } from "./props";

type Explanation = { what: string; next: string };

const WRITE_AGAIN = "Ask the agent to write this block again.";

const explain = (what: string, next = WRITE_AGAIN): Explanation => ({ what, next });

// What happened, in a person's words, and what they can do about it. The codes are for whoever
// builds the agent: they stay under Details.
const EXPLANATIONS: Record<UiDiagnosticCode, Explanation> = {
  invalid_syntax: explain("Part of this block is written in a way that could not be read."),
  invalid_tag: explain("A tag in this block has a name that is not allowed."),
  invalid_prop: explain("A setting in this block is written incorrectly."),
  invalid_declaration: explain("A value declared at the top of this block is malformed."),
  duplicate_declaration: explain(
    "This block declares the same value twice; the first one is used.",
    "The block still works; if a value looks wrong, ask the agent to write it again.",
  ),
  invalid_default: explain("A value declared at the top of this block is not a plain constant."),
  unclosed_tag: explain("A tag in this block was never closed."),
  unmatched_tag: explain("This block closes a tag it never opened."),
  duplicate_prop: explain("A setting is given twice on one component."),
  refused_prop: explain(
    "A component was given a setting it does not have; the setting was ignored.",
    "The rest of the component works; if something is missing, ask the agent to write the block again.",
  ),
  invalid_props: explain("A component was given settings it cannot show."),
  unknown_component: explain("This block uses a component this app does not know."),
  invalid_parent: explain("A component is placed outside the component it belongs in."),
  invalid_child: explain("A component holds something it cannot contain."),
  invalid_expression: explain("A computed value in this block is written incorrectly."),
  incomplete_expression: explain("A computed value in this block was left unfinished."),
  invalid_value: explain("A computed value has the wrong type or is out of range."),
  refused_call: explain("This block calls a helper that is not available."),
  refused_access: explain(
    "Part of this block reads data that is missing or not loaded yet.",
    "It fills in once the data arrives; if it stays empty, ask the agent to write the block again.",
  ),
  query_only: explain("Live data can only be requested at the top of a block."),
  action_only: explain("A button action is used outside a button."),
  invalid_query: explain("A live data request in this block is not valid."),
  unknown_query: explain("This block asks for live data this app does not provide."),
  refused_action: explain("A button asks for an action that is not allowed."),
  refused_binding: explain("A control or button targets a value this block does not declare."),
  budget_exceeded: explain(
    "This block is too large to draw in full.",
    "Ask the agent for a shorter block, or for the same in several parts.",
  ),
  unknown_catalog: explain(
    "This block was written for another version of the app's components.",
    "Reload the page; if it still reads so, ask the agent to write the block again.",
  ),
};

const UNKNOWN = explain("Part of this block could not be drawn.");

function explanationOf(code: string): Explanation {
  return Object.hasOwn(EXPLANATIONS, code) ? EXPLANATIONS[code as UiDiagnosticCode] : UNKNOWN;
}

/** A sentence a person can read for a diagnostic code; an unknown code still reads as one. */
export function describeUiDiagnostic(code: string): string {
  return explanationOf(code).what;
}

const SHOWN = 5;

/**
 * The block's problems, one line a kind, muted, so the parts that did draw stay the focus: what
 * happened and what to do next, with the codes under Details.
 */
export function DiagnosticList({ diagnostics }: { diagnostics: readonly UiDiagnostic[] }) {
  const byCode = new Map<string, { count: number; problem: Problem }>();
  for (const diagnostic of diagnostics) {
    const seen = byCode.get(diagnostic.code);
    if (seen) seen.count++;
    else
      byCode.set(diagnostic.code, {
        count: 1,
        problem: { code: diagnostic.code, message: diagnostic.message },
      });
  }
  if (byCode.size === 0) return null;
  const rows = [...byCode.values()].slice(0, SHOWN);
  return (
    <div className={`border-t border-zinc-200 pt-2 text-xs dark:border-zinc-800 ${MUTED}`}>
      <p className="font-medium">Some of this block could not be drawn:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {rows.map(({ count, problem }) => {
          const { what, next } = explanationOf(problem.code);
          return (
            <li
              key={problem.code}
            >{`${count > 1 ? what.replace(/\.$/, ` (in ${count} places).`) : what} ${next}`}</li>
          );
        })}
        {byCode.size > SHOWN && (
          <li>{`…and ${byCode.size - SHOWN} other kinds of problem. ${WRITE_AGAIN}`}</li>
        )}
      </ul>
      <ProblemDetails problems={[...byCode.values()].map(({ problem }) => problem)} />
    </div>
  );
}
