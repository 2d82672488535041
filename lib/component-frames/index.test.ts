import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as frames from "./index";

describe("lib/component-frames", () => {
  it("exports the public API", () => {
    for (const name of [
      "decodeComponentFrame",
      "defineComponentManifest",
      "ChoiceListComponent",
      "resolveComponentFrame",
      "selectChoice",
      "createSelectionEvent",
      "encodeAssistantContent",
      "decodeAssistantContent",
      "createActionConfirmation",
      "ConfirmationConfigError",
      "MAX_ID_SUFFIX_LENGTH",
      "createMemoryConfirmationStore",
      "componentFallbackText",
      "formatChoiceListFallback",
      "ChoiceListPropsSchema",
    ]) {
      expect(frames).toHaveProperty(name);
    }
    expect(frames.COMPONENT_PROTOCOL).toBe("agentskit.chat.component");
    expect(frames.COMPONENT_PROTOCOL_VERSION).toBe(1);
    expect(frames.STANDARD_COMPONENT_KEYS).toContain("choice-list");
    expect(frames.STANDARD_COMPONENT_KEYS).toHaveLength(12);
  });

  it("depends on nothing but zod and its own modules", () => {
    const sources = readdirSync(__dirname).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    for (const file of sources) {
      const text = readFileSync(`${__dirname}/${file}`, "utf8");
      for (const [, specifier] of text.matchAll(/from "([^"]+)"/g)) {
        expect(
          specifier === "zod" || specifier?.startsWith("./"),
          `${file} imports ${specifier}`,
        ).toBe(true);
      }
    }
  });
});
