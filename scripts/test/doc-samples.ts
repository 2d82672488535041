import { readFileSync } from "node:fs";
import path from "node:path";

// The samples of the integrator's documents (docs/integrate.md, docs/extend.md): every fenced block
// is a file it includes, a shell sample, or a curl sample with the response it shows.

export const SAMPLE_DOCUMENTS = ["docs/integrate.md", "docs/extend.md"];

// Tests run from the repository root, under Vitest and Playwright alike.
const ROOT = process.cwd();

export type Fence = {
  lang: string;
  text: string;
  line: number;
  sample: { file: string; region?: string } | null;
};

export type CurlSample = { command: string; status: number; body: unknown; line: number };

export function readDocument(document: string): string {
  return readFileSync(path.join(ROOT, document), "utf8");
}

/** Every fenced block of a Markdown text, with the `<!-- sample: file#region -->` marker above it (a blank line between allowed), if any. */
export function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split("\n");
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const [, marker = "", lang = ""] = open;
    const start = index;
    const close = new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
    while (++index < lines.length && !close.test(lines[index]!));
    const sampleLine = lines[start - 1] === "" ? lines[start - 2] : lines[start - 1];
    const above = /^<!-- sample: ([^#\s]+)(?:#([\w-]+))? -->$/.exec(sampleLine ?? "");
    fences.push({
      lang,
      text: lines.slice(start + 1, index).join("\n"),
      line: start + 1,
      sample: above ? { file: above[1]!, region: above[2] } : null,
    });
  }
  return fences;
}

/** A file's text, or the lines between its `#region name` and `#endregion name` comments. */
export function sampleText(file: string, region?: string): string {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/\n$/, "");
  if (!region) return text;
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.trim() === `// #region ${region}`);
  const end = lines.findIndex(
    (line, index) => index > start && line.trim() === `// #endregion ${region}`,
  );
  if (start < 0 || end < 0) throw new Error(`${file} has no region "${region}"`);
  return lines.slice(start + 1, end).join("\n");
}

/** Why a fence may not stand in the document, or null when it may. */
export function fenceProblem(fences: readonly Fence[], index: number): string | null {
  const fence = fences[index]!;
  if (fence.sample)
    return fence.text === sampleText(fence.sample.file, fence.sample.region)
      ? null
      : `differs from ${fence.sample.file}${fence.sample.region ? `#${fence.sample.region}` : ""}`;
  if (fence.lang === "sh")
    return isCurl(fence) && fences[index + 1]?.lang !== "http"
      ? "a curl sample needs the response it answers (an http block) right after it"
      : null;
  if (fence.lang === "http")
    return fences[index - 1] && isCurl(fences[index - 1]!)
      ? null
      : "a response block must follow a curl sample";
  return "is neither an included sample (<!-- sample: file -->) nor a shell or curl sample";
}

const isCurl = (fence: Fence) => fence.lang === "sh" && fence.text.startsWith("curl ");

/** The curl samples of a document, in order, each with the status and body its response block shows. */
export function curlSamples(markdown: string): CurlSample[] {
  const fences = fencesOf(markdown);
  return fences.flatMap((fence, index) => {
    const response = fences[index + 1];
    if (!isCurl(fence) || response?.lang !== "http") return [];
    const [statusLine = "", ...body] = response.text.split("\n");
    const status = Number(/^HTTP\/[\d.]+ (\d{3})\b/.exec(statusLine)?.[1]);
    return [
      {
        command: fence.text,
        status,
        body: body.join("\n").trim() ? JSON.parse(body.join("\n")) : undefined,
        line: fence.line,
      },
    ];
  });
}

const VARIABLE = /^\$[A-Z][A-Z0-9_]*$/;

/**
 * Where `actual` differs from what the document shows: every field shown must be there and equal;
 * "…" stands for any value; "$NAME" takes the value into `variables` the first time, and must
 * equal it after; "$NAME" inside a longer string is replaced by its value. Arrays match by position.
 */
export function differences(
  actual: unknown,
  shown: unknown,
  variables: Record<string, string>,
  at = "body",
): string[] {
  if (shown === "…") return actual === undefined ? [`${at} is missing`] : [];
  if (typeof shown === "string" && VARIABLE.test(shown)) {
    const name = shown.slice(1);
    if (variables[name] === undefined && (typeof actual === "string" || typeof actual === "number"))
      variables[name] = String(actual);
    return String(actual) === variables[name]
      ? []
      : [`${at} is ${JSON.stringify(actual)}, not ${shown} (${variables[name] ?? "unset"})`];
  }
  if (typeof shown === "string") {
    const expected = withVariables(shown, variables);
    return actual === expected
      ? []
      : [`${at} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at} is ${JSON.stringify(actual)}, not a list`];
    return shown.flatMap((item, index) =>
      differences(actual[index], item, variables, `${at}[${index}]`),
    );
  }
  if (shown !== null && typeof shown === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual))
      return [`${at} is ${JSON.stringify(actual)}, not a record`];
    return Object.entries(shown).flatMap(([shownKey, value]) => {
      const key = withVariables(shownKey, variables);
      return differences(
        (actual as Record<string, unknown>)[key],
        value,
        variables,
        `${at}.${key}`,
      );
    });
  }
  return actual === shown
    ? []
    : [`${at} is ${JSON.stringify(actual)}, not ${JSON.stringify(shown)}`];
}

const withVariables = (text: string, variables: Record<string, string>) =>
  text.replace(/\$([A-Z][A-Z0-9_]*)/g, (whole, name: string) => variables[name] ?? whole);
