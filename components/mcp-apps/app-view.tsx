"use client";

import "@/components/ui/zod-without-eval";
import {
  MCPAppRenderer,
  type MCPAppBridgeHandlers,
  type MCPAppResource,
  type MCPAppSandboxConfig,
} from "@ai-sdk/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { McpAppPart } from "@/lib/chat/wire";
import type { McpAppView as McpAppViewBody } from "@/lib/chat/wire/responses";
import { toolPart } from "@/lib/chat/wire/mcp-app-tool";
import { McpAppFallback } from "./app-fallback";

/** What a view's `ui/message` carries: the message it sends for the person. */
export type McpAppMessage = Parameters<NonNullable<MCPAppBridgeHandlers["sendMessage"]>>[0];
/** What a view's `tools/call` carries: the tool's name and its arguments. */
export type McpAppToolCall = Parameters<NonNullable<MCPAppBridgeHandlers["callTool"]>>[0];
/** What a view's `ui/update-model-context` carries: what the agent should know next turn. */
export type McpAppModelContext = Parameters<
  NonNullable<MCPAppBridgeHandlers["updateModelContext"]>
>[0];

/**
 * Where a view's requests go: the host routes that record a `ui/message` once, store its model
 * context and call its tools through the host's policy. A closed view is given none: what it
 * sends then is answered with an error, and it is told the host calls no tools.
 */
export type McpAppSeams = {
  onMessage?: (call: {
    part: McpAppPart;
    message: McpAppMessage;
  }) => Promise<{ isError?: boolean }>;
  onModelContext?: (call: { part: McpAppPart; context: McpAppModelContext }) => Promise<void>;
  /** A view's `tools/call`, through the host's policy (a side effect is proposed, not run). */
  onCallTool?: (call: { part: McpAppPart; call: McpAppToolCall }) => Promise<unknown>;
  /** Set when the view was answered already: the view draws itself answered at once. */
  answered?: { text: string; at: string };
};

// Stable, so the bridge is not rebuilt on every render.
const HOST_INFO = { name: "answerable", version: "1.0.0" };
// The outer frame has no allow-same-origin: an opaque origin, which accepts only "*" as a target.
const SANDBOX_BASE: MCPAppSandboxConfig = {
  url: "/mcp-sandbox",
  outerSandbox: "allow-scripts allow-forms",
  innerSandbox: "allow-scripts allow-forms",
  targetOrigin: "*",
  className: "block w-full rounded-md border border-zinc-300 dark:border-zinc-700",
};
const FIRST_HEIGHT = 160;
const MAX_HEIGHT = 900;

/**
 * An MCP App's view, drawn by the AI SDK's renderer inside the app's sandbox proxy, sized to what
 * the view reports; its text stands in while it loads and if it fails.
 */
export function McpAppView({
  part,
  resource,
  seams = {},
}: {
  part: McpAppPart;
  /** Where the view's HTML is read: the chat's route for its owner, the link's for a viewer. */
  resource: string;
  seams?: McpAppSeams;
}) {
  const theme = useResolvedTheme();
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const { onMessage, onModelContext, onCallTool, answered } = seams;
  // The tools the view's server lets a view call, as its resource lists them; filled in place, so
  // the bridge keeps its handlers. The server checks every call again.
  const [allowedTools] = useState<string[]>(() => []);
  const loadResource = useCallback(async (): Promise<MCPAppResource> => {
    const response = await fetch(resource, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`The view did not load (${response.status}).`);
    const view = (await response.json()) as McpAppViewBody;
    allowedTools.splice(0, Infinity, ...view.tools);
    return view as MCPAppResource;
  }, [resource, allowedTools]);
  const handlers = useMemo<MCPAppBridgeHandlers>(
    () => ({
      allowedTools,
      // A closed view is given no tools/call: the bridge tells it the host calls none.
      callTool: onCallTool && ((call) => onCallTool({ part, call })),
      sendMessage: async (message) =>
        onMessage ? onMessage({ part, message }) : { isError: true },
      updateModelContext: async (context) => {
        if (!onModelContext)
          throw new Error("This view is closed: it was answered, or is here to read.");
        await onModelContext({ part, context });
        return {};
      },
      onSizeChange: ({ height: next }) => {
        if (typeof next === "number" && next > 0) setHeight(Math.min(Math.ceil(next), MAX_HEIGHT));
      },
    }),
    [onMessage, onModelContext, onCallTool, part, allowedTools],
  );
  const hostContext = useMemo(
    () => ({ theme, displayMode: "inline" as const, ...(answered ? { answered } : {}) }),
    [theme, answered],
  );
  const tool = useMemo(() => toolPart(part), [part]);
  return (
    <MCPAppRenderer
      part={tool}
      loadResource={loadResource}
      sandbox={{ ...SANDBOX_BASE, title: `${part.toolName} app`, style: { height } }}
      handlers={handlers}
      hostInfo={HOST_INFO}
      hostContext={hostContext}
      fallback={<McpAppFallback part={part} note="The app's view loads here." />}
    />
  );
}

/** The page's theme as the view should draw: the chosen one, or the device's under "system". */
function useResolvedTheme(): "light" | "dark" {
  const [theme, setTheme] = useState<"light" | "dark">("light");
  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const read = () => {
      const chosen = root.dataset.theme;
      setTheme(chosen === "dark" || (chosen !== "light" && media.matches) ? "dark" : "light");
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
    media.addEventListener("change", read);
    return () => {
      observer.disconnect();
      media.removeEventListener("change", read);
    };
  }, []);
  return theme;
}
