import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The rule books of the project are docs/language.md and docs/frames.md. A citation such as
// `docs/language.md §8.2` in code or prose must name a numbered heading of that document, so that
// renumbering a section breaks this test rather than the reader's trail.

const RULE_BOOKS = ["docs/language.md", "docs/frames.md"] as const;

/** Tracked files as text: binaries, lock files, dependencies and the changelog (it keeps history) left out. */
function trackedTexts(): { file: string; text: string }[] {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter(
      (file) =>
        file !== "" &&
        !file.startsWith("node_modules/") &&
        file !== "CHANGELOG.md" &&
        file !== "package-lock.json" &&
        !/\.(png|jpe?g|gif|ico|webp|woff2?|ttf|pdf|zip|gz)$/i.test(file) &&
        existsSync(file),
    );
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return text.includes("\0") ? [] : [{ file, text }];
  });
}

/** The numbers of a document's headings: `## 8. What…` gives "8", `### 8.2 Visible…` gives "8.2". */
function sectionNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,6} (\d+(?:\.\d+)*)\.?\s/gm)) numbers.add(match[1]!);
  return numbers;
}

/** Every `docs/<book>.md §N.N` citation, with the sections listed after it (`§3.1 and §6.1`, `§8.2, §8.5`). */
function citationsIn(text: string): { book: string; section: string; line: number }[] {
  const found: { book: string; section: string; line: number }[] = [];
  const pattern =
    /(docs\/(?:language|frames)\.md) (§\d+(?:\.\d+)*(?:(?:, | and | or )§\d+(?:\.\d+)*)*)/g;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split("\n").length;
    for (const section of match[2]!.matchAll(/§(\d+(?:\.\d+)*)/g))
      found.push({ book: match[1]!, section: section[1]!, line });
  }
  return found;
}

describe("citations of the rule books", () => {
  const texts = trackedTexts();
  const sections = new Map<string, Set<string>>(
    RULE_BOOKS.map((book) => [book, sectionNumbers(readFileSync(book, "utf8"))]),
  );

  it("number every section of both documents", () => {
    for (const book of RULE_BOOKS) expect(sections.get(book)!.size, book).toBeGreaterThan(20);
  });

  it("point at a heading of that number in that document", () => {
    const citations = texts.flatMap(({ file, text }) =>
      citationsIn(text).map((citation) => ({ file, ...citation })),
    );
    expect(citations.length).toBeGreaterThan(10);
    const missing = citations
      .filter(({ book, section }) => !sections.get(book)?.has(section))
      .map(({ file, line, book, section }) => `${file}:${line}: ${book} §${section}`);
    expect(missing).toEqual([]);
  });

  it("find a citation to a missing section", () => {
    // Spelled so that the scan of this very file does not read it as a citation.
    const cited = citationsIn(`see docs/${"language"}.md §8.2 and §99.9, docs/frames.md §6.4`);
    expect(cited.map(({ book, section }) => [book, section])).toEqual([
      ["docs/language.md", "8.2"],
      ["docs/language.md", "99.9"],
      ["docs/frames.md", "6.4"],
    ]);
    expect(sections.get("docs/language.md")!.has("99.9")).toBe(false);
  });

  it("are the only rule books anything names", () => {
    // Built from pieces, so that this file does not name what it looks for.
    const outside = [
      ["shared", "/"].join(""),
      ["LANGUAGE", ".md"].join(""),
      ["FRAMES", ".md"].join(""),
      ["SP", "EC §"].join(""),
      ["seed", " 000"].join(""),
    ];
    const mentions = texts.flatMap(({ file, text }) =>
      outside.filter((word) => text.includes(word)).map((word) => `${file}: ${word}`),
    );
    expect(mentions).toEqual([]);
  });
});
