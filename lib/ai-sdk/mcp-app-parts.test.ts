import { readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import type { ItemView, McpAppPart } from "@/lib/chat/wire";
import type { AnswerableUIMessage } from "./data-parts";
import { itemOfMessage, toUIMessages } from "./message-parts";
import { ReplyTranslator } from "./translate";
import { deploymentViewPart } from "@/scripts/test/mcp-app-fixtures";

const app: McpAppPart = deploymentViewPart("Free windows.", { n: 1 });

const item: ItemView = {
  id: "item-1",
  position: 2,
  role: "assistant",
  status: "streaming",
  parts: [{ kind: "text", text: "Here is the calendar." }, app],
  blocks: {},
  revision: 1,
  origin: null,
  parentToolUseId: null,
  createdAt: "2026-12-07T10:00:00.000Z",
  completedAt: null,
  selections: {},
  confirmations: {},
  uiAnswers: {},
  mcpAppAnswers: {},
  readings: {},
  links: {},
};

async function messageOf(chunks: readonly UIMessageChunk[]): Promise<AnswerableUIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of [{ type: "start", messageId: item.id } as const, ...chunks])
        controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: AnswerableUIMessage | undefined;
  for await (const message of readUIMessageStream<AnswerableUIMessage>({ stream })) last = message;
  return last!;
}

describe("an MCP App's call on a useChat page", () => {
  it("streams as a dynamic tool whose output is there, carrying its view as @ai-sdk/mcp names it", async () => {
    const chunks = new ReplyTranslator({ kind: "running", reply: item }).opening(0);
    const schema = uiMessageChunkSchema();
    for (const chunk of chunks)
      expect(await schema.validate!(chunk), JSON.stringify(chunk)).toMatchObject({ success: true });
    const message = await messageOf(chunks);
    const tool = message.parts.find((part) => part.type === "dynamic-tool");
    expect(tool).toMatchObject({
      toolCallId: "call-1",
      toolName: "choose_deployment_window",
      state: "output-available",
      input: app.input,
      output: app.result,
      toolMetadata: {
        app: { resourceUri: app.resourceUri, mimeType: "text/html;profile=mcp-app" },
      },
    });
    expect(itemOfMessage(message).parts).toEqual(item.parts);
  });

  it("is a dynamic tool in a finished chat's first messages, read back as the stored part", () => {
    const [message] = toUIMessages({ items: [{ ...item, status: "complete" }] } as never);
    expect(message!.parts.map((part) => part.type)).toEqual(["text", "dynamic-tool"]);
    expect(itemOfMessage(message!).parts).toEqual(item.parts);
  });
});
