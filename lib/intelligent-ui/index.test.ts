import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as ui from "./index";

/** Every source file of the library, in subfolders too; tests may use node and vitest. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const IMPORTS = [
  /\bfrom\s+["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']/g,
  /\bimport\s+["']([^"']+)["']/g,
  /\brequire\s*\(\s*["']([^"']+)["']/g,
];

describe("lib/intelligent-ui", () => {
  it("exports exactly its public API: the names of docs/language.md §16, the catalog helpers, the stored-block entry points and the fence preview", () => {
    expect(Object.keys(ui).sort()).toEqual([
      "UI_CATALOG",
      "UI_CATALOG_VERSION",
      "UI_FENCE_LANGUAGE",
      "UI_HOST_LIMITS",
      "UI_LIMITS",
      "UI_REPLY_LIMITS",
      "UI_STORED_LIMITS",
      "UI_STORED_REPLY_LIMITS",
      "UiCompiler",
      "UiFailure",
      "UiFencePreview",
      "UiState",
      "UiStream",
      "compileStoredUi",
      "compileUi",
      "compileUiBlock",
      "copyUiValue",
      "describeUiCatalog",
      "evaluateStoredUiBlock",
      "evaluateUiBlock",
      "evaluateUiExpression",
      "findUiFences",
      "isUiFailure",
      "parseUiExpression",
      "resolveStoredUiChoice",
      "resolveUiChoice",
      "sameUiValue",
      "storedUiQueryArguments",
      "uiFallbackText",
      "uiHasFence",
      "uiInputValues",
      "uiQueryArguments",
      "uiValidatedState",
    ]);
    expect(ui.UI_STORED_LIMITS).toEqual({ milliseconds: 250 });
  });

  it("depends on nothing but zod and its own files", () => {
    const files = sources(__dirname);
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const pattern of IMPORTS) {
        for (const [, specifier = ""] of text.matchAll(pattern)) {
          const own =
            specifier.startsWith(".") &&
            !relative(__dirname, resolve(file, "..", specifier)).startsWith("..");
          expect(
            specifier === "zod" || own,
            `${relative(__dirname, file)} imports ${specifier}`,
          ).toBe(true);
        }
      }
    }
  });
});
