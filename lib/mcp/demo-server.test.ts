import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { freeWindows } from "./calendar";
import {
  DEMO_SERVER,
  DEPLOYMENT_WINDOW_CSP,
  DEPLOYMENT_WINDOW_URI,
  REQUIRES_CONFIRMATION,
} from "./demo-server";
import { callDemoAppTool, connectDemoClient, readDemoView, visibilityOf } from "./host";
import { modelVisibleDemoTools } from "./model-tools";

describe("the demo MCP server", () => {
  it("lists its three tools, each with who may call it", async () => {
    const client = await connectDemoClient();
    const { tools } = await client.listTools();
    await client.close();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual([
      "choose_deployment_window",
      "deployment_slots",
      "schedule_deployment",
    ]);
    expect(visibilityOf(byName.choose_deployment_window!)).toEqual(["model", "app"]);
    expect(byName.choose_deployment_window!._meta?.ui).toMatchObject({
      resourceUri: DEPLOYMENT_WINDOW_URI,
    });
    expect(visibilityOf(byName.deployment_slots!)).toEqual(["app"]);
    expect(visibilityOf(byName.schedule_deployment!)).toEqual(["app"]);
    expect(byName.schedule_deployment!.annotations?.destructiveHint).toBe(true);
    expect(byName.schedule_deployment!._meta?.[REQUIRES_CONFIRMATION]).toBe(true);
  });

  it("offers the model its model-visible tools only", async () => {
    const { tools, close } = await modelVisibleDemoTools();
    await close();
    expect(Object.keys(tools)).toEqual(["choose_deployment_window"]);
  });

  it("answers the app tool with its windows as structured content and a text summary", async () => {
    const call = await callDemoAppTool({
      toolCallId: "call-1",
      toolName: "choose_deployment_window",
      input: { service: "checkout", weekOf: "2026-12-07" },
    });
    expect(call).toMatchObject({
      server: DEMO_SERVER,
      resourceUri: DEPLOYMENT_WINDOW_URI,
      result: {
        structuredContent: {
          service: "checkout",
          weekOf: "2026-12-07",
          windows: freeWindows("2026-12-07"),
        },
      },
    });
    expect(freeWindows("2026-12-07").length).toBeGreaterThan(4);
    expect(call.fallback).toContain("Free deployment windows for checkout the week of 2026-12-07");
    expect(call.fallback).toContain(freeWindows("2026-12-07")[0]!.label);
  });

  it("refuses a tool the agent may not call as an app", async () => {
    await expect(
      callDemoAppTool({ toolCallId: "c", toolName: "deployment_slots", input: {} }),
    ).rejects.toThrow(/not an app tool the agent may call/);
  });

  it("gives the view's week of slots, and books only a free window", async () => {
    const client = await connectDemoClient();
    const slots = (await client.callTool({
      name: "deployment_slots",
      arguments: { weekOf: "2026-12-14" },
    })) as CallToolResult;
    const free = freeWindows("2026-12-14");
    expect(slots.structuredContent).toEqual({ weekOf: "2026-12-14", windows: free });
    const booked = (await client.callTool({
      name: "schedule_deployment",
      arguments: { service: "checkout", windowId: free[0]!.id },
    })) as CallToolResult;
    expect(booked.structuredContent).toMatchObject({
      scheduled: true,
      bookingId: `dep-checkout-${free[0]!.id}`,
    });
    const taken = (await client.callTool({
      name: "schedule_deployment",
      arguments: { service: "checkout", windowId: "2026-12-14T03" },
    })) as CallToolResult;
    expect(taken.isError).toBe(true);
    const notMonday = (await client.callTool({
      name: "deployment_slots",
      arguments: { weekOf: "2026-12-15" },
    })) as CallToolResult;
    expect(notMonday.isError).toBe(true);
    await client.close();
  });

  it("reads the view as an MCP App resource with its declared CSP", async () => {
    const view = await readDemoView(DEPLOYMENT_WINDOW_URI);
    expect(view.mimeType).toBe("text/html;profile=mcp-app");
    expect(view.meta).toMatchObject({ csp: DEPLOYMENT_WINDOW_CSP });
    expect(Object.values(DEPLOYMENT_WINDOW_CSP).flat()).toEqual([]);
    expect(view.html.slice(0, 15).toLowerCase()).toBe("<!doctype html>");
    // Self-contained: no element loads anything, and no style imports.
    const loads = view.html.match(/<(script|link|img|iframe|source)\b[^>]*\b(src|href)=/gi);
    expect(loads).toBeNull();
    expect(view.html.includes("@import")).toBe(false);
  });
});
