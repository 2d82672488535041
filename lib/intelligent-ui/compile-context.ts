import type { UiBudget } from "./budget";
import { isUiFailure } from "./failure";
import type {
  UiArgumentSchema,
  UiDiagnostic,
  UiDiagnosticCode,
  UiLimits,
  UiQuery,
  UiVariable,
} from "./types";

/** What every compile stage of one block shares. */
export interface CompileContext {
  blockId: string;
  source: string;
  final: boolean;
  limits: UiLimits;
  budget: UiBudget;
  querySchemas: Record<string, UiArgumentSchema>;
  variables: Record<string, UiVariable>;
  queries: Record<string, UiQuery>;
  /** Every name a declaration line named, whether or not its declaration succeeded. */
  declared: Set<string>;
  diagnostics: UiDiagnostic[];
}

export function report(
  context: CompileContext,
  code: UiDiagnosticCode,
  message: string,
  start: number,
  end: number,
  nodeId?: string,
): void {
  context.budget.step();
  if (context.diagnostics.length >= context.limits.diagnostics) return;
  context.diagnostics.push(
    nodeId === undefined ? { code, message, start, end } : { code, message, start, end, nodeId },
  );
}

/** Turns a refusal into a diagnostic; budget failures and bugs keep propagating. */
export function reportFailure(
  context: CompileContext,
  error: unknown,
  fallbackStart: number,
  fallbackEnd: number,
  offset = 0,
  nodeId?: string,
): UiDiagnosticCode {
  if (!isUiFailure(error) || error.code === "budget_exceeded") throw error;
  const code = error.code as UiDiagnosticCode;
  const start = error.start === undefined ? fallbackStart : offset + error.start;
  const end = error.end === undefined ? fallbackEnd : offset + error.end;
  report(context, code, error.message, start, end, nodeId);
  return code;
}
