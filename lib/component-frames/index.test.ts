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
});
