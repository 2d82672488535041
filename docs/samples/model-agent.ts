import type { LanguageModel } from "ai";
import { appInstructions, type Agent } from "@/lib/agent";
import { appComponents } from "@/lib/agent/components";
import { frameTools } from "@/lib/agent/model/frame-tools";
import { createModelAgent } from "@/lib/agent/model/model-agent";
import { appTools } from "@/lib/tools";

/**
 * Any AI SDK language model answers through the seam the mock uses: instructions built from the
 * catalog, the live sources, the manifest and the tools; one tool per manifest component.
 */
export function agentWithModel(model: LanguageModel): Agent {
  return createModelAgent({
    model,
    instructions: appInstructions(),
    frames: frameTools(appComponents, appTools),
  });
}
