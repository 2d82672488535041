export const UI_FENCE_LANGUAGE = "ui";

/** A fenced block of the ui language. Offsets are UTF-16 indexes into the whole reply. */
export interface UiFence {
  /** Start of the opening fence line. */
  start: number;
  contentStart: number;
  /** Start of the closing fence line, or the end of the text. */
  contentEnd: number;
  /** After the closing fence line and its line break. */
  end: number;
  closed: boolean;
}

interface OpenFence {
  char: string;
  length: number;
  ui: boolean;
  start: number;
  contentStart: number;
}

/** Where a scan of complete lines stopped, so a growing reply only scans its new tail. */
export interface FenceScanState {
  language: string;
  position: number;
  open: OpenFence | null;
  fences: readonly UiFence[];
}

const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})([^\n]*)/gm;
const TRAILING_SPACE = /^[ \t\r]*$/;

function mayHoldFence(text: string, from: number): boolean {
  return text.indexOf("```", from) >= 0 || text.indexOf("~~~", from) >= 0;
}

/** A last line that may be a closing fence still being typed is not content yet. */
function cutClosingStart(text: string, lineStart: number, char: string): number {
  const line = text.slice(lineStart);
  const run = line.trimStart();
  if (line.length - run.length > 3 || run[0] !== char) return text.length;
  for (const c of run.replace(/[ \t\r]+$/, "")) if (c !== char) return text.length;
  return lineStart;
}

/** Finds every ui fence, closed or still streaming, skipping ui fences inside other code fences. */
export function scanFences(
  text: string,
  language: string,
  from?: FenceScanState,
): { fences: UiFence[]; state: FenceScanState } {
  const start = from?.language === language && from.position <= text.length ? from : undefined;
  let open = start?.open ?? null;
  const fences = [...(start?.fences ?? [])];
  const completeEnd = text.lastIndexOf("\n") + 1;
  let state: FenceScanState | undefined;
  const position = start?.position ?? 0;
  if (mayHoldFence(text, Math.max(0, position - 3))) {
    FENCE_LINE.lastIndex = position;
    for (let match = FENCE_LINE.exec(text); match !== null; match = FENCE_LINE.exec(text)) {
      if (match.index >= completeEnd && state === undefined)
        state = { language, position: completeEnd, open, fences: [...fences] };
      const lineEnd = match.index + match[0].length;
      const nextLine = Math.min(lineEnd + 1, text.length);
      const run = match[1] as string;
      const rest = match[2] as string;
      if (open !== null) {
        if (run[0] !== open.char || run.length < open.length || !TRAILING_SPACE.test(rest))
          continue;
        if (open.ui)
          fences.push({
            start: open.start,
            contentStart: open.contentStart,
            contentEnd: match.index,
            end: nextLine,
            closed: true,
          });
        open = null;
      } else if (!(run[0] === "`" && rest.includes("`"))) {
        const info = rest.replace(/^[ \t]+|[ \t\r]+$/g, "");
        open = {
          char: run[0] as string,
          length: run.length,
          ui: info === language,
          start: match.index,
          contentStart: nextLine,
        };
      }
    }
  }
  state ??= { language, position: completeEnd, open, fences: [...fences] };
  if (open?.ui) {
    const contentEnd = Math.max(open.contentStart, cutClosingStart(text, completeEnd, open.char));
    fences.push({
      start: open.start,
      contentStart: open.contentStart,
      contentEnd,
      end: text.length,
      closed: false,
    });
  }
  return { fences, state };
}

export function findUiFences(text: string, language = UI_FENCE_LANGUAGE): UiFence[] {
  return scanFences(text, language).fences;
}

/** The block source: the fence's contents without the line break before the closing fence. */
export function fenceSource(text: string, fence: UiFence): string {
  const source = text.slice(fence.contentStart, fence.contentEnd);
  if (!fence.closed) return source;
  return source.endsWith("\r\n")
    ? source.slice(0, -2)
    : source.endsWith("\n")
      ? source.slice(0, -1)
      : source;
}

const openingLines = new Map<string, RegExp>();

/** A cheap test that the text may hold a block: an opening ui fence line anywhere. */
export function uiHasFence(text: string, language = UI_FENCE_LANGUAGE): boolean {
  if (!mayHoldFence(text, 0)) return false;
  let pattern = openingLines.get(language);
  if (pattern === undefined) {
    const escaped = language.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`^ {0,3}(?:\`{3,}|~{3,})[ \\t]*${escaped}[ \\t\\r]*$`, "m");
    openingLines.set(language, pattern);
  }
  return pattern.test(text);
}
