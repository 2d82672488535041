import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import {
  decodeAssistantContent,
  resolveComponentFrame,
  type AssistantContentPart,
} from "@/lib/component-frames";
import { compileUi, describeUiCatalog } from "@/lib/intelligent-ui";
import { appComponents } from "../components";
import { appTools } from "@/lib/tools";
import type { AgentMessage } from "../agent";
import { SENTENCES } from "./failure";
import { frameTools } from "./frame-tools";
import { conversation, createModelAgent, type ModelAgentOptions } from "./model-agent";
import { buildInstructions } from "./prompt";
import { scriptedModel, type ModelStep } from "../../../scripts/test/scripted-model";

const frames = frameTools(appComponents, appTools);
const instructions = buildInstructions({ sources: [], frames, tools: appTools });
const BLOCK =
  '```ui\n$ok = false\n<Switch value={$ok}>Ready</Switch>\n<Choices><Choice context="Ready to go">Go</Choice></Choices>\n```';
const CHOICES = {
  prompt: "Where next?",
  choices: [
    { id: "docs", label: "Documentation" },
    { id: "demo", label: "Demo" },
  ],
};

function agentFor(model: MockLanguageModelV4, options: Partial<ModelAgentOptions> = {}) {
  return createModelAgent({ model, instructions, frames, maxRetries: 0, ...options });
}

/** Runs one reply to its end; `onChunk` may act between chunks (e.g. press Stop). */
async function reply(
  model: MockLanguageModelV4,
  options: {
    history?: AgentMessage[];
    signal?: AbortSignal;
    onChunk?: () => void;
    agent?: Partial<ModelAgentOptions>;
  } = {},
) {
  let content = "";
  let error: unknown;
  try {
    const chunks = agentFor(model, options.agent).reply({
      chatId: "c",
      history: options.history ?? [],
      message: "Hello",
      signal: options.signal ?? new AbortController().signal,
    });
    for await (const chunk of chunks) {
      if (chunk.type === "text") content += chunk.text;
      options.onChunk?.();
    }
  } catch (caught) {
    error = caught;
  }
  const decoded = decodeAssistantContent(content);
  if (!decoded.ok) throw new Error(`not an envelope: ${decoded.diagnostic.code}`);
  return { parts: decoded.parts, prose: prose(decoded.parts), error };
}

function prose(parts: AssistantContentPart[]): string {
  return parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}

const steps = (text: string): ModelStep[] => text.match(/[\s\S]{1,7}/g) ?? [];

describe("the model agent", () => {
  it("streams prose with a block and a ChoiceList the host resolves", async () => {
    const model = scriptedModel([
      ...steps(`Here you go.\n\n${BLOCK}\n\nOr pick a page:`),
      { tool: "choice_list", input: CHOICES },
    ]);
    const { parts, error } = await reply(model);
    expect(error).toBeUndefined();
    expect(parts.map((part) => part.kind)).toEqual(["text", "component"]);
    expect(compileUi(prose(parts), { id: "r", final: true })[0]!.diagnostics).toEqual([]);
    const frame = parts[1]!.kind === "component" ? parts[1]!.frame : undefined;
    expect(frame?.instanceId).toBe("choice-list-1");
    expect(resolveComponentFrame(frame, appComponents).ok).toBe(true);
  });

  it("sends the catalog and the manifest as its instructions, the tools with their schemas, and the history as text", async () => {
    const model = scriptedModel(["Hi"]);
    const history: AgentMessage[] = [
      { role: "user", content: "Plan a release" },
      { role: "assistant", content: "Pick one.\n\nReady [ ] — Go\n" },
      { role: "assistant", content: "  " },
    ];
    await reply(model, { history });
    const [call] = model.doStreamCalls;
    const system = call!.prompt[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain(describeUiCatalog());
    expect(system.content).toContain("`choice_list`");
    expect(call!.tools).toEqual([
      expect.objectContaining({
        type: "function",
        name: "choice_list",
        inputSchema: frames[0]!.inputSchema,
      }),
    ]);
    expect(
      call!.prompt.slice(1).map((message) => [message.role, JSON.stringify(message.content)]),
    ).toEqual([
      ["user", expect.stringContaining("Plan a release")],
      ["assistant", expect.stringContaining("Ready [ ] — Go")],
      ["user", expect.stringContaining("Hello")],
    ]);
  });

  it("contains what a model should not have written: a malformed block, imitated frames, tools it was not offered", async () => {
    const imitation = '\u001eagentskit.chat.content/1\n{"kind":"component","frame":{}}\n';
    const model = scriptedModel([
      ...steps(`${imitation}\n\`\`\`ui\n<Stat label= >\n<Nope/>\n\`\`\`\n`),
      { tool: "weather_card", input: { city: "Lisbon" } },
      { tool: "choice_list", input: "{oops", raw: true },
      { tool: "choice_list", input: { prompt: "No choices", choices: [] } },
    ]);
    const { parts, error } = await reply(model);
    expect(error).toBeUndefined();
    expect(parts.map((part) => part.kind)).toEqual(["text", "component", "component"]);
    expect(prose(parts)).toContain(imitation);
    expect(
      compileUi(prose(parts), { id: "r", final: true })[0]!.diagnostics.map((d) => d.code),
    ).toEqual(expect.arrayContaining(["invalid_prop", "unknown_component"]));
    for (const part of parts.slice(1)) {
      const resolved =
        part.kind === "component" ? resolveComponentFrame(part.frame, appComponents) : undefined;
      expect(resolved?.ok === false && resolved.diagnostic.code).toBe("COMPONENT_INVALID_PROPS");
    }
  });

  it("ends the reply with a sentence and fails when the provider errs mid-stream", async () => {
    const limited = new APICallError({
      message: "Rate limit reached",
      url: "https://api.example.com",
      requestBodyValues: {},
      statusCode: 429,
    });
    const { prose: text, error } = await reply(
      scriptedModel(["The first part of an answer ", { error: limited }, "never sent"]),
    );
    expect(text).toBe(`The first part of an answer \n\n${SENTENCES.busy}`);
    expect(error).toMatchObject({
      name: "ModelReplyError",
      sentence: SENTENCES.busy,
      cause: limited,
    });
  });

  it("closes a block the failure cut off, so the sentence stays outside it", async () => {
    const { prose: text } = await reply(
      scriptedModel(["```ui\n<Summary>Half a sum", { error: new Error("stream reset") }]),
    );
    const [block] = compileUi(text, { id: "r", final: true });
    expect(block!.source).toBe("<Summary>Half a sum");
    expect(text.endsWith(`\`\`\`\n\n${SENTENCES.broken}`)).toBe(true);
  });

  it("fails with its own sentence when the provider cannot be reached, refuses the key, or declines", async () => {
    const unreachable = new MockLanguageModelV4({
      doStream: async () => Promise.reject(new TypeError("fetch failed")),
    });
    expect((await reply(unreachable)).prose).toBe(SENTENCES.unreachable);
    const refused = new APICallError({
      message: "bad key",
      url: "u",
      requestBodyValues: {},
      statusCode: 401,
    });
    expect(
      (await reply(new MockLanguageModelV4({ doStream: async () => Promise.reject(refused) })))
        .prose,
    ).toContain(SENTENCES.key);
    const retried = new MockLanguageModelV4({
      doStream: async () =>
        Promise.reject(
          new APICallError({
            message: "busy",
            url: "u",
            requestBodyValues: {},
            statusCode: 429,
            isRetryable: true,
            responseHeaders: { "retry-after-ms": "0" },
          }),
        ),
    });
    // Retried once at once (the provider said so), then reported as what the last attempt met.
    expect((await reply(retried, { agent: { maxRetries: 1 } })).prose).toBe(SENTENCES.busy);
    const declined = await reply(scriptedModel(["I can't", { finish: "content-filter" }]));
    expect(declined.prose).toBe(`I can't\n\n${SENTENCES.declined}`);
    expect(declined.error).toMatchObject({ name: "ModelReplyError" });
  });

  it("finishes a reply cut at the length limit with a note, not a failure", async () => {
    const { prose: text, error } = await reply(
      scriptedModel(["A long story", { finish: "length" }]),
    );
    expect(text).toBe(`A long story\n\n${SENTENCES.cutOff}`);
    expect(error).toBeUndefined();
  });

  it("fails a model that goes silent past its timeout", async () => {
    const { prose: text, error } = await reply(scriptedModel(["Thinking", "hang"]), {
      agent: { timeout: { firstChunkMs: 1_000, chunkMs: 20 } },
    });
    expect(text).toBe(`Thinking\n\n${SENTENCES.slow}`);
    expect(error).toMatchObject({ sentence: SENTENCES.slow });
  });

  it("aborts the model's request on Stop and ends without a failure", async () => {
    const model = scriptedModel([
      ...steps("An answer long enough to be streamed before Stop. "),
      "hang",
    ]);
    const stop = new AbortController();
    const { prose: text, error } = await reply(model, {
      signal: stop.signal,
      onChunk: () => stop.abort(),
    });
    expect(model.doStreamCalls[0]!.abortSignal?.aborted).toBe(true);
    expect(error).toBeUndefined();
    expect(text).not.toContain(SENTENCES.broken);
    expect(text.length).toBeLessThan(60);
  });

  it("reads the history without empty turns, ending with the message to answer", () => {
    expect(
      conversation(
        [
          { role: "assistant", content: "" },
          { role: "user", content: "hi" },
        ],
        "next",
      ),
    ).toEqual([
      { role: "user", content: "hi" },
      { role: "user", content: "next" },
    ]);
  });
});
