import "server-only";
import { createMCPClient, splitMCPAppTools } from "@ai-sdk/mcp";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ToolSet } from "ai";
import { createDemoServer } from "./demo-server";

/**
 * The demo server's tools as a model is given them, through the AI SDK's MCP client on an
 * in-process transport: only those the model may see (an app-only tool is the view's alone).
 * `close` ends the connection once the reply is written.
 */
export async function modelVisibleDemoTools(): Promise<{
  tools: ToolSet;
  close: () => Promise<void>;
}> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await createDemoServer().connect(serverEnd);
  const client = await createMCPClient({ transport: clientEnd, name: "answerable-host" });
  const { modelVisible } = splitMCPAppTools(await client.listTools());
  return { tools: client.toolsFromDefinitions(modelVisible), close: () => client.close() };
}
