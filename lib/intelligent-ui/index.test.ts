import { describe, expect, it } from "vitest";
import * as ui from "./index";

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
      "storedUiValidatedState",
      "uiFallbackText",
      "uiHasFence",
      "uiInputValues",
      "uiQueryArguments",
      "uiValidatedState",
    ]);
    expect(ui.UI_STORED_LIMITS).toEqual({ milliseconds: 250 });
  });
});
