import { describe, expect, it, vi } from "vitest";
import { parseAgentSetting, type ModelSetting } from "@/lib/config";
import { checkedAgent } from ".";
import { scriptedReply } from "./script";
import {
  agentDescription,
  announceAgent,
  resolveAgent,
  startupSentence,
  type AgentStatus,
} from "./status";

const OPENAI: ModelSetting = {
  kind: "model",
  provider: "openai",
  modelId: "gpt-nonexistent",
  name: "openai/gpt-nonexistent",
  catalog: "full",
};
const env = { OPENAI_API_KEY: "sk-test" };
const answering = (status: number) => vi.fn(async () => Response.json({}, { status }));
const unreachable = async () => {
  throw new TypeError("fetch failed");
};

/** How many sentences a line holds: each ends with a full stop followed by a space or the end. */
const sentences = (line: string) => line.match(/[.!?](\s|$)/g)?.length ?? 0;

describe("the agent once its provider has answered", () => {
  it("keeps the mock without asking anyone when no model is configured", async () => {
    const fetch = answering(200);
    expect(await resolveAgent({ kind: "mock" }, { fetch, env })).toEqual({ kind: "mock" });
    const noKey = parseAgentSetting({ AGENT: "model", AI_MODEL: "openai/gpt-5" });
    expect(await resolveAgent(noKey, { fetch, env })).toBe(noKey);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers with the mock, saying why, when the provider does not know the model", async () => {
    const status = await resolveAgent(OPENAI, { fetch: answering(404), env });
    expect(status).toEqual({
      kind: "mock",
      problem: expect.stringContaining("AI_MODEL=openai/gpt-nonexistent"),
    });
    const chunks: string[] = [];
    for await (const chunk of checkedAgent(Promise.resolve(status)).reply({
      chatId: "c",
      history: [],
      message: "hi",
      signal: new AbortController().signal,
    })) {
      if (chunk.type === "text") chunks.push(chunk.text);
    }
    expect(chunks.join("")).toBe(scriptedReply("hi").text);
  });

  it("uses a model it could not ask about as configured, saying so", async () => {
    expect(await resolveAgent(OPENAI, { fetch: answering(200), env })).toEqual(OPENAI);
    expect(await resolveAgent(OPENAI, { fetch: unreachable, env })).toEqual({
      ...OPENAI,
      unchecked: "OpenAI could not be reached",
    });
  });
});

describe("what the home page and start-up say", () => {
  const noKey = parseAgentSetting({ AGENT: "model", AI_MODEL: "openai/gpt-5" });
  const unknown: AgentStatus = {
    kind: "mock",
    problem:
      "OpenAI does not offer AI_MODEL=openai/gpt-nonexistent to this key: set it to a model id the provider lists.",
  };
  const ready: AgentStatus = { ...OPENAI, modelId: "gpt-5", name: "openai/gpt-5" };
  const unchecked: AgentStatus = { ...ready, unchecked: "OpenAI did not answer within 5 s" };

  it("names who answers, and why the mock answers when a model was asked for", () => {
    expect(agentDescription({ kind: "mock" })).toBe(
      "Replies come from the scripted mock agent: no model is configured (set AGENT=model, AI_MODEL and a key to use one).",
    );
    expect(agentDescription(noKey)).toBe(
      "Replies come from the scripted mock agent because the configured model cannot run: AI_MODEL=openai/gpt-5 needs OPENAI_API_KEY (or AI_GATEWAY_API_KEY to go through the AI Gateway).",
    );
    expect(agentDescription(unknown)).toBe(
      "Replies come from the scripted mock agent because the configured model cannot run: OpenAI does not offer AI_MODEL=openai/gpt-nonexistent to this key: set it to a model id the provider lists.",
    );
    expect(agentDescription(ready)).toBe("Replies come from openai/gpt-5, through the AI SDK.");
    expect(agentDescription(unchecked)).toBe("Replies come from openai/gpt-5, through the AI SDK.");
  });

  it("logs one sentence at start-up when the model asked for does not answer as asked, and nothing otherwise", async () => {
    expect(startupSentence(noKey)).toBe(
      "The scripted mock agent answers instead of the configured model: AI_MODEL=openai/gpt-5 needs OPENAI_API_KEY (or AI_GATEWAY_API_KEY to go through the AI Gateway).",
    );
    expect(startupSentence(unknown)).toMatch(
      /^The scripted mock agent answers instead of the configured model: OpenAI does not offer AI_MODEL=openai\/gpt-nonexistent/,
    );
    expect(startupSentence(unchecked)).toBe(
      "AI_MODEL=openai/gpt-5 could not be checked (OpenAI did not answer within 5 s), so replies use it as configured and fail with a sentence if the provider does not know it.",
    );
    for (const status of [noKey, unknown, unchecked, parseAgentSetting({ AGENT: "gpt" })])
      expect(sentences(startupSentence(status)!), startupSentence(status)).toBe(1);
    expect(startupSentence({ kind: "mock" })).toBeUndefined();
    expect(startupSentence(ready)).toBeUndefined();

    const log = vi.fn();
    await announceAgent(resolveAgent(OPENAI, { fetch: answering(404), env }), log);
    expect(log).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(
        /^The scripted mock agent answers instead of the configured model: OpenAI does not offer/,
      ),
    );
    log.mockClear();
    await announceAgent(Promise.resolve(ready), log);
    expect(log).not.toHaveBeenCalled();
  });
});
