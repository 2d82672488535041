import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { FLOWS } from "@/eslint.config.mjs";

// ESLint's zones (eslint.config.mjs) check each import on its own. A flow reaching a barred one
// through a third folder (turns → reply → answers) passes them, so the same rules are checked
// here along every chain of imports.

const ROOT = join(dirname(new URL(import.meta.url).pathname), "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory())
      return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The project file an import names, or undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? relative(ROOT, join(ROOT, dirname(from), specifier))
      : undefined;
  if (base === undefined) return undefined;
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
    (path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile(),
  );
}

function importGraph(files: string[]): Map<string, string[]> {
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g;
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      const imports = [...text.matchAll(pattern)]
        .map((match) => resolveImport(file, match[1]!))
        .filter((path): path is string => path !== undefined);
      return [file, imports];
    }),
  );
}

const inside = (path: string, folders: string | string[]) =>
  [folders].flat().some((folder) => path === folder || path.startsWith(`${folder}/`));

/** The first chain of imports from a file of `target` to a file of `barred`, if any. */
function chainTo(graph: Map<string, string[]>, start: string, barred: string | string[]) {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (seen.has(next)) continue;
      const chain = [...seen.get(file)!, next];
      if (inside(next, barred)) return chain;
      seen.set(next, chain);
      queue.push(next);
    }
  }
  return undefined;
}

describe("the chat's flows", () => {
  const graph = importGraph(sourceFiles("lib"));

  it("reads the import graph of lib/", () => {
    // The graph is what the rule below walks: an empty one would pass it vacuously.
    expect(graph.get("lib/chat/answers/ui-choice.ts")).toContain("lib/chat/store/chats.ts");
    expect(graph.get("lib/chat/reply/content.ts")).toContain("lib/tools/refused-choices.ts");
  });

  for (const { target, from, message } of FLOWS) {
    it(message, () => {
      const chains = [...graph.keys()]
        .filter((file) => inside(file, target))
        .map((file) => chainTo(graph, file, from))
        .filter((chain) => chain !== undefined)
        .map((chain) => chain.join(" → "));
      expect(chains).toEqual([]);
    });
  }
});
