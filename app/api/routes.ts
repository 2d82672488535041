import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/api/openapi";
import { appConfig } from "@/lib/config";
import { visitorCookieName } from "@/lib/http/visitor";
import { HTTP_METHODS, type Documented, type Served } from "@/lib/api/route";
import * as chat from "./chats/[chatId]/route";
import * as confirmation from "./chats/[chatId]/confirmations/[token]/route";
import * as chatEvents from "./chats/[chatId]/events/route";
import * as grants from "./chats/[chatId]/grants/route";
import * as items from "./chats/[chatId]/items/route";
import * as edit from "./chats/[chatId]/items/[itemId]/edit/route";
import * as regenerate from "./chats/[chatId]/items/[itemId]/regenerate/route";
import * as mcpAppContext from "./chats/[chatId]/mcp-app-context/route";
import * as mcpAppMessages from "./chats/[chatId]/mcp-app-messages/route";
import * as mcpAppToolCalls from "./chats/[chatId]/mcp-app-tool-calls/route";
import * as messages from "./chats/[chatId]/messages/route";
import * as selections from "./chats/[chatId]/selections/route";
import * as share from "./chats/[chatId]/share/route";
import * as stop from "./chats/[chatId]/turns/stop/route";
import * as uiChoices from "./chats/[chatId]/ui-choices/route";
import * as uiLinks from "./chats/[chatId]/ui-links/route";
import * as uiQueries from "./chats/[chatId]/ui-queries/route";
import * as chats from "./chats/route";
import * as search from "./chats/search/route";
import * as sweep from "./cron/sweep/route";
import * as health from "./health/route";
import * as handedOffTurn from "./internal/turns/[chatId]/route";
import * as mcp from "./mcp/route";
import * as mcpAppView from "./chats/[chatId]/items/[itemId]/mcp-apps/[toolCallId]/resource/route";
import * as openApi from "./openapi.json/route";
import * as shared from "./shares/[token]/route";
import * as sharedEvents from "./shares/[token]/events/route";
import * as sharedItems from "./shares/[token]/items/route";
import * as sharedMcpAppView from "./shares/[token]/items/[itemId]/mcp-apps/[toolCallId]/resource/route";

// Every route file under app/api but the catch-all for unknown paths, by the folder it serves
// (app/api/routes.test.ts holds this to the files on disk). Each file declares its own operations
// beside their handlers; the OpenAPI document and the API tests read them from here, in this order.
export const ROUTES = {
  "/api/chats": chats,
  "/api/chats/[chatId]": chat,
  "/api/chats/[chatId]/items": items,
  "/api/chats/[chatId]/events": chatEvents,
  "/api/chats/[chatId]/messages": messages,
  "/api/chats/[chatId]/items/[itemId]/edit": edit,
  "/api/chats/search": search,
  "/api/chats/[chatId]/items/[itemId]/regenerate": regenerate,
  "/api/chats/[chatId]/turns/stop": stop,
  "/api/chats/[chatId]/grants": grants,
  "/api/chats/[chatId]/ui-queries": uiQueries,
  "/api/chats/[chatId]/ui-choices": uiChoices,
  "/api/chats/[chatId]/selections": selections,
  "/api/chats/[chatId]/ui-links": uiLinks,
  "/api/chats/[chatId]/mcp-app-messages": mcpAppMessages,
  "/api/chats/[chatId]/mcp-app-context": mcpAppContext,
  "/api/chats/[chatId]/mcp-app-tool-calls": mcpAppToolCalls,
  "/api/chats/[chatId]/confirmations/[token]": confirmation,
  "/api/health": health,
  "/api/openapi.json": openApi,
  "/api/cron/sweep": sweep,
  "/api/internal/turns/[chatId]": handedOffTurn,
  "/api/chats/[chatId]/share": share,
  "/api/shares/[token]": shared,
  "/api/shares/[token]/items": sharedItems,
  "/api/shares/[token]/events": sharedEvents,
  "/api/mcp": mcp,
  "/api/chats/[chatId]/items/[itemId]/mcp-apps/[toolCallId]/resource": mcpAppView,
  "/api/shares/[token]/items/[itemId]/mcp-apps/[toolCallId]/resource": sharedMcpAppView,
} as const;

/** What a route file exports: its served methods, the others refusing (`otherMethods`), and its settings. */
type RouteModule = Partial<Record<(typeof HTTP_METHODS)[number], unknown>>;

/** The methods a route file serves, each carrying its operation; the refusing ones carry none. */
export function servedMethods(route: RouteModule): Served[] {
  return HTTP_METHODS.map((method) => route[method]).filter(
    (handler): handler is Served =>
      typeof handler === "function" && "operation" in handler && handler.operation !== undefined,
  );
}

/** Every operation, route by route and within a route in `HTTP_METHODS`' order. */
export function operations(): Documented[] {
  // Read when asked, not at load: the OpenAPI route is itself one of these modules.
  return Object.values(ROUTES as Record<string, RouteModule>).flatMap((route) =>
    servedMethods(route).map(({ operation }) => operation),
  );
}

let built: OpenApiDocument | undefined;

/** The API's OpenAPI document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument(operations(), {
    visitorCookie: visitorCookieName(appConfig().secureCookies),
  }));
}
