import { anthropic } from "@ai-sdk/anthropic";
import { openai } from "@ai-sdk/openai";
import { gateway, type LanguageModel } from "ai";
import type { AgentSetting } from "@/lib/config";

/**
 * The language model a configuration names. Each provider reads its own key from the environment
 * when it calls (OPENAI_API_KEY, ANTHROPIC_API_KEY, AI_GATEWAY_API_KEY); configuration has already
 * checked the key is there, so nothing fails here.
 */
export function languageModel(setting: Extract<AgentSetting, { kind: "model" }>): LanguageModel {
  switch (setting.provider) {
    case "openai":
      return openai(setting.modelId);
    case "anthropic":
      return anthropic(setting.modelId);
    case "gateway":
      return gateway(setting.modelId);
  }
}
