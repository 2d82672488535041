import { randomUUID } from "node:crypto";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, describe, expect, it } from "vitest";
import { loadChatView } from "@/lib/chat/chats/chat-view";
import { createChat } from "@/lib/chat/chats/manage";
import { runChat } from "@/lib/chat/turns/run";
import { disconnectDb } from "@/lib/db/client";
import { agentWithModel } from "./model-agent";

// docs/extend.md, "Plug in a real model": the AI SDK's offline mock model stands for the provider,
// and its reply runs through the real turn, so the stored reply is what a real model's would be.

afterAll(async () => {
  await disconnectDb();
});

type Part =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P>
    ? P
    : never;
const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const BLOCK =
  '```ui\n$city = "oslo"\n$weather = @Query("example.weather", {city: $city})\n<Summary>Weather in {$weather.city}</Summary>\n<Choices><Choice context="Go">Go</Choice></Choices>\n```';
const LIST = {
  prompt: "Where next?",
  choices: [
    { id: "oslo", label: "Oslo" },
    { id: "tokyo", label: "Tokyo" },
  ],
};

function mockModel(): MockLanguageModelV4 {
  const chunks: Part[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...(BLOCK.match(/[\s\S]{1,16}/g) ?? []).map((delta): Part => ({
      type: "text-delta",
      id: "t",
      delta,
    })),
    { type: "text-end", id: "t" },
    {
      type: "tool-call",
      toolCallId: "call-1",
      toolName: "choice_list",
      input: JSON.stringify(LIST),
    },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: USAGE },
  ];
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: simulateReadableStream({ chunks }) }),
  });
}

describe("a model plugged in through agentWithModel", () => {
  it("is told the block language and the example source, and its reply is stored as blocks and a frame", async () => {
    const model = mockModel();
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Where should the team meet?" });
    await runChat(chatId, agentWithModel(model));

    const request = model.doStreamCalls[0]!;
    const system = request.prompt.find((message) => message.role === "system")?.content ?? "";
    expect(system).toContain("example.weather");
    expect(request.tools?.map((tool) => tool.name)).toEqual(["choice_list"]);

    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    expect(reply).toMatchObject({ role: "assistant", status: "complete", revision: 1 });
    const [block] = Object.values(reply.blocks);
    expect(block).toMatchObject({ complete: true, revision: 1, diagnostics: [] });
    expect(reply.readings[block!.id]).toMatchObject({
      $weather: { state: "fresh", args: { city: "oslo" }, value: { city: "Oslo" } },
    });
    expect(reply.parts.find((part) => part.kind === "component")).toMatchObject({
      componentKey: "choice-list",
      props: LIST,
    });
  });
});
