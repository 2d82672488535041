import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The traces in docs/architecture.md name files and the functions a reader finds in them; each
// must still be there, or the document is telling a newcomer about code that is gone.

const ROOT = join(__dirname, "..");
const text = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
const traces = text.slice(
  text.indexOf("## Traces"),
  text.indexOf("\n## ", text.indexOf("## Traces") + 1),
);

/** Rows of the trace tables: the file, and the functions named in backticks before any colon. */
function rows(): Array<{ file: string; functions: string[] }> {
  return [...traces.matchAll(/^\| (?:\d+|↩)\s+\| `([^`]+)`\s+\| (.+?)\s*\|$/gm)].map(
    ([, file, cell]) => ({
      file: file!,
      functions: [...cell!.split(":")[0]!.matchAll(/`(\w+)`/g)].map(([, name]) => name!),
    }),
  );
}

function sourcesOf(path: string): string {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return readFileSync(full, "utf8");
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => readFileSync(join(full, name), "utf8"))
    .join("\n");
}

describe("docs/architecture.md's traces", () => {
  const listed = rows();

  it("lists the three flows", () => {
    expect(traces).toContain("### A block pick");
    expect(traces).toContain("### A ChoiceList pick");
    expect(traces).toContain("### A message, to the events a second tab draws");
    expect(listed.length).toBeGreaterThan(30);
  });

  it("names files that exist, holding the functions named beside them", () => {
    const missing: string[] = [];
    for (const { file, functions } of listed) {
      if (!existsSync(join(ROOT, file))) {
        missing.push(file);
        continue;
      }
      const source = sourcesOf(file);
      for (const name of functions) {
        const defined = new RegExp(
          `(?:function\\*?|class|const|let)\\s+${name}\\b|export const \\{[^}]*\\b${name}\\b`,
        );
        if (!defined.test(source)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
