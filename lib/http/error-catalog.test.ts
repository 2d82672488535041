import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refusalMessage } from "@/components/chat/block-choice";
import { editRefusal, messageRefusal } from "@/components/chat/message-limit";
import { pickRefusal } from "@/components/frames/frame-refusals";
import { refusalSentence } from "@/components/ui/refusals";
import { refusal } from "@/lib/chat/wire/client-api";
import { ERROR_CATALOG, isErrorCode, type ErrorCode, type ErrorEntry } from "./error-catalog";
import { AppError, ERROR_STATUS } from "./errors";

const sources = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { encoding: "utf8" })
  .split("\n")
  .filter((path) => path !== "" && !path.startsWith("lib/db/generated/"));
const read = (path: string) => readFileSync(path, "utf8");
const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];
const entry = (code: ErrorCode): ErrorEntry => ERROR_CATALOG[code];

describe("the error catalog", () => {
  it("lists every code thrown anywhere, and every code an operation says it refuses with", () => {
    const thrown = new Set<string>();
    for (const path of sources) {
      const text = read(path);
      for (const [, code] of text.matchAll(/new AppError\(\s*"([^"]+)"/g)) thrown.add(code!);
      for (const [, list] of text.matchAll(/refusals: \[([^\]]*)\]/g))
        for (const [, code] of list!.matchAll(/"([^"]+)"/g)) thrown.add(code!);
    }
    // Some throw sites pass a code in a variable (the four choice failures): they are named too.
    for (const code of ["refused_choice", "refused_binding", "invalid_value", "budget_exceeded"])
      thrown.add(code);
    expect(thrown.size).toBeGreaterThan(40);
    expect([...thrown].filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it("is the one source of each code's status and default sentence", () => {
    for (const code of codes) {
      const error = new AppError(code);
      expect(error.status).toBe(entry(code).status);
      expect(ERROR_STATUS[code]).toBe(entry(code).status);
      expect(error.message).toBe(entry(code).sentence);
    }
    // A throw site that knows more words it finer, as it always could.
    expect(new AppError("queue-full", "3 are waiting.", undefined, {}).message).toBe(
      "3 are waiting.",
    );
  });

  it("imports nothing but its part a page draws at first, which imports nothing, so the page can import either", () => {
    const imports = (path: string) => [...read(path).matchAll(/^\s*import\b.*$|require\(/gm)];
    expect(imports("lib/http/error-catalog.ts").map(([line]) => line)).toEqual([
      'import { DRAWN_ERRORS } from "./error-catalog-drawn";',
    ]);
    expect(imports("lib/http/error-catalog-drawn.ts")).toEqual([]);
  });

  it("words every refusal each page shows, and the page keeps no copy of its own", async () => {
    const refusals = {
      refusalSentence: (error: unknown) => refusalSentence(error, "It could not be done"),
      refusalMessage,
      messageRefusal,
      editRefusal,
      pickRefusal: (error: unknown) => pickRefusal(error, "deploy"),
    };
    for (const [name, words] of Object.entries(refusals)) {
      for (const code of codes) {
        // A refused action is worded by the rule that refused it and the action's name.
        if (name === "pickRefusal" && code === "action-refused") continue;
        const sent = "Words the server chose.";
        const expected = entry(code).shownAsSent ? sent : entry(code).sentence;
        expect([
          name,
          code,
          words(await refusal({ code, message: sent, status: entry(code).status })),
        ]).toEqual([name, code, expected]);
      }
    }
  });

  it("is the only place a sentence is keyed by a code", () => {
    const pattern = new RegExp(
      `^\\s*(?:${codes.map((code) => `"${code}"|${code.replaceAll("-", "_")}`).join("|")})\\s*:\\s*["\`]`,
      "m",
    );
    const pages = sources.filter(
      (path) => /^(components|app|lib\/chat\/wire)\//.test(path) && !/\.test\.tsx?$/.test(path),
    );
    expect(pages.filter((path) => pattern.test(read(path)))).toEqual([]);
    const sentences = codes.map((code) => entry(code).sentence).filter((text) => text.length > 40);
    expect(
      pages.filter((path) => sentences.some((sentence) => read(path).includes(sentence))),
    ).toEqual([]);
  });
});
