import "server-only";
import { createMCPClient, splitMCPAppTools } from "@ai-sdk/mcp";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createDemoServer, DEMO_SERVER } from "./demo-server";
import { viewOf, type AppTools } from "./host";

/**
 * The demo server's tools as a model is given them, through the AI SDK's MCP client on an
 * in-process transport: only those the model may see (an app-only tool is the view's alone).
 */
export async function modelVisibleDemoTools(): Promise<AppTools> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await createDemoServer().connect(serverEnd);
  const client = await createMCPClient({ transport: clientEnd, name: "answerable-host" });
  const { modelVisible } = splitMCPAppTools(await client.listTools());
  const views = new Map(
    modelVisible.tools.flatMap((tool) => {
      const uri = viewOf(tool);
      return uri ? [[tool.name, uri] as const] : [];
    }),
  );
  return {
    server: DEMO_SERVER,
    tools: client.toolsFromDefinitions(modelVisible),
    views,
    close: () => client.close(),
  };
}
