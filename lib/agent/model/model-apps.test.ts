import { describe, expect, it } from "vitest";
import { appComponents } from "../components";
import { appTools } from "@/lib/tools";
import { modelVisibleDemoTools } from "@/lib/mcp/model-tools";
import type { AgentChunk } from "../agent";
import { frameTools } from "./frame-tools";
import { createModelAgent } from "./model-agent";
import { scriptedModel } from "../../../scripts/test/scripted-model";

const frames = frameTools(appComponents, appTools);

async function chunksOf(model: ReturnType<typeof scriptedModel>): Promise<AgentChunk[]> {
  const agent = createModelAgent({
    model,
    instructions: "",
    frames,
    maxRetries: 0,
    apps: modelVisibleDemoTools,
  });
  const chunks: AgentChunk[] = [];
  for await (const chunk of agent.reply({
    chatId: "c",
    history: [],
    message: "When should we deploy checkout?",
    signal: new AbortController().signal,
  }))
    chunks.push(chunk);
  return chunks;
}

describe("a model's MCP App call", () => {
  it("is offered the model-visible tools only, and its app tool call becomes an mcp-app chunk", async () => {
    const model = scriptedModel([
      "Let me show you the calendar. ",
      { tool: "choose_deployment_window", input: { service: "checkout" } },
    ]);
    const chunks = await chunksOf(model);
    const offered = (model.doStreamCalls[0]!.tools ?? []).map((tool) => tool.name);
    expect(offered).toContain("choose_deployment_window");
    expect(offered).not.toContain("deployment_slots");
    expect(offered).not.toContain("schedule_deployment");
    const app = chunks.find((chunk) => chunk.type === "mcp-app");
    expect(app).toMatchObject({
      type: "mcp-app",
      call: {
        toolCallId: "call-1",
        server: "answerable-demo",
        toolName: "choose_deployment_window",
        resourceUri: "ui://answerable/deployment-window",
        input: { service: "checkout" },
        result: { structuredContent: { service: "checkout", weekOf: "2026-12-07" } },
      },
    });
    if (app?.type !== "mcp-app") throw new Error("no app chunk");
    expect(app.call.fallback).toMatch(/^Free deployment windows for checkout/);
    // The prose before the call is written out first, so the call stands after it.
    const before = chunks.slice(0, chunks.indexOf(app));
    const text = before.map((chunk) => (chunk.type === "text" ? chunk.text : "")).join("");
    expect(text).toContain("Let me show you the calendar.");
  });

  it("offers no app tool when the host has none", async () => {
    const model = scriptedModel(["Hello."]);
    const agent = createModelAgent({ model, instructions: "", frames, maxRetries: 0 });
    for await (const _ of agent.reply({
      chatId: "c",
      history: [],
      message: "Hi",
      signal: new AbortController().signal,
    }));
    const offered = (model.doStreamCalls[0]!.tools ?? []).map((tool) => tool.name);
    expect(offered).not.toContain("choose_deployment_window");
  });
});
