import "server-only";
import {
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { DEMO_WEEK, freeWindows, weekOfSchema, type DeploymentWindow } from "./calendar";
import { DEPLOYMENT_WINDOW_HTML } from "./views/deployment-window.generated";

/** The demo server's name in the host's list of servers, as a stored part names it. */
export const DEMO_SERVER = "answerable-demo";
export const DEPLOYMENT_WINDOW_URI = "ui://answerable/deployment-window";

/**
 * The view's own policy, as the spec declares it: no outside domain for scripts, styles, images,
 * fetches or frames. The host builds the view's CSP from it.
 */
export const DEPLOYMENT_WINDOW_CSP = {
  connectDomains: [],
  resourceDomains: [],
  frameDomains: [],
  baseUriDomains: [],
};

/** How a tool says a person must approve it before it runs; the host reads it from `_meta`. */
export const REQUIRES_CONFIRMATION = "answerable/requiresConfirmation";

const serviceSchema = z.string().trim().min(1).max(64);

/** `schedule_deployment`'s arguments: the server lists them, and the host's typed action checks them. */
export const scheduleDeploymentInput = {
  service: serviceSchema,
  windowId: z.string().min(1).max(32),
};

/**
 * The demo MCP server: one app tool whose view asks a person to choose a deployment window, the
 * app-only tool that view calls for a week's free slots, and the side effect the choice leads to.
 * One server object serves both the HTTP route and the app's own in-process client.
 */
export function createDemoServer(): McpServer {
  const server = new McpServer({ name: DEMO_SERVER, version: "1.0.0" });

  registerAppTool(
    server,
    "choose_deployment_window",
    {
      title: "Choose a deployment window",
      description:
        "Shows the person a calendar of free deployment windows for a service and lets them choose one. Their choice arrives as their next message.",
      inputSchema: { service: serviceSchema, weekOf: weekOfSchema.optional() },
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: DEPLOYMENT_WINDOW_URI, visibility: ["model", "app"] } },
    },
    async ({ service, weekOf = DEMO_WEEK }) => {
      const windows = freeWindows(weekOf);
      return {
        content: [{ type: "text", text: windowsSummary(service, weekOf, windows) }],
        structuredContent: { service, weekOf, windows },
      };
    },
  );

  registerAppTool(
    server,
    "deployment_slots",
    {
      title: "Free deployment slots",
      description: "The free one-hour deployment windows of the week starting on `weekOf`.",
      inputSchema: { weekOf: weekOfSchema },
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: DEPLOYMENT_WINDOW_URI, visibility: ["app"] } },
    },
    async ({ weekOf }) => {
      const windows = freeWindows(weekOf);
      return {
        content: [{ type: "text", text: `${windows.length} free windows the week of ${weekOf}.` }],
        structuredContent: { weekOf, windows },
      };
    },
  );

  server.registerTool(
    "schedule_deployment",
    {
      title: "Schedule a deployment",
      description:
        "Books a deployment of the service in one free window. A side effect: it runs only after the person approves it.",
      inputSchema: scheduleDeploymentInput,
      annotations: { destructiveHint: true, idempotentHint: true, readOnlyHint: false },
      _meta: { ui: { visibility: ["app"] }, [REQUIRES_CONFIRMATION]: true },
    },
    async ({ service, windowId }) => scheduleDeployment(service, windowId),
  );

  registerAppResource(
    server,
    "Deployment window",
    DEPLOYMENT_WINDOW_URI,
    {
      description: "A calendar of free deployment windows to choose from.",
      mimeType: RESOURCE_MIME_TYPE,
    },
    async () => ({
      contents: [
        {
          uri: DEPLOYMENT_WINDOW_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: DEPLOYMENT_WINDOW_HTML,
          _meta: { ui: { csp: DEPLOYMENT_WINDOW_CSP, prefersBorder: true } },
        },
      ],
    }),
  );

  return server;
}

function windowsSummary(service: string, weekOf: string, windows: DeploymentWindow[]): string {
  const listed = windows.map((window) => window.label).join("; ");
  return `Free deployment windows for ${service} the week of ${weekOf}: ${listed}. Reply with the window you choose.`;
}

/**
 * A mock deployment service, as lib/tools mocks mail: nothing is deployed, and it answers as the
 * service would, with a booking whose id follows from the service and window, so a retry books
 * the same one. A window that is not free is refused as the service would refuse it.
 */
function scheduleDeployment(service: string, windowId: string) {
  const weekOf = mondayOf(windowId);
  const window = weekOf && freeWindows(weekOf).find((each) => each.id === windowId);
  if (!window)
    return {
      isError: true,
      content: [{ type: "text" as const, text: `${windowId} is not a free deployment window.` }],
    };
  const bookingId = `dep-${service.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${windowId}`;
  return {
    content: [
      { type: "text" as const, text: `Scheduled ${service} for ${window.label} (${bookingId}).` },
    ],
    structuredContent: { scheduled: true, bookingId, service, window },
  };
}

/** The Monday of a window's week, or null for an id that names no date. */
function mondayOf(windowId: string): string | null {
  const time = Date.parse(`${windowId.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  const day = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - day * 86_400_000).toISOString().slice(0, 10);
}
