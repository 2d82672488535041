import { describe, expect, it } from "vitest";
import { freeWindows } from "@/lib/mcp/calendar";
import type { AgentChunk } from "./agent";
import { createMockAgent } from "./mock-agent";

describe("the deployment-window starter", () => {
  it("writes its prose, then calls the app tool through the host's MCP client", async () => {
    const chunks: AgentChunk[] = [];
    for await (const chunk of createMockAgent({ deltaMs: 0 }).reply({
      chatId: "c",
      history: [],
      message: "Choose a deployment window",
      signal: new AbortController().signal,
    }))
      chunks.push(chunk);
    const last = chunks.at(-1);
    expect(chunks.slice(0, -1).every((chunk) => chunk.type === "text")).toBe(true);
    expect(last).toMatchObject({
      type: "mcp-app",
      call: {
        server: "answerable-demo",
        toolName: "choose_deployment_window",
        resourceUri: "ui://answerable/deployment-window",
        input: { service: "checkout", weekOf: "2026-12-07" },
        result: { structuredContent: { windows: freeWindows("2026-12-07") } },
      },
    });
  });
});
