import { readdirSync } from "node:fs";
import { sep } from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/api/route";
import { ROUTES, servedMethods } from "./routes";

const CATCH_ALL = "/api/[[...path]]";

/** Every route.ts under app/api, as the folder it serves: `/api/chats/[chatId]`. */
function routeFilesOnDisk(): string[] {
  return readdirSync(__dirname, { recursive: true, encoding: "utf8" })
    .filter((file) => file.split(sep).at(-1) === "route.ts")
    .map((file) => `/api/${file.split(sep).slice(0, -1).join("/")}`.replace(/\/$/, ""))
    .sort();
}

const routes = Object.entries(ROUTES as Record<string, Record<string, unknown>>);

describe("the registry of API routes", () => {
  it("lists every route file under app/api but the catch-all for unknown paths", () => {
    expect([...Object.keys(ROUTES), CATCH_ALL].sort()).toEqual(routeFilesOnDisk());
  });

  it("reads each file's operations from the methods it exports, each under its own method and folder", () => {
    for (const [folder, route] of routes) {
      const served = servedMethods(route);
      expect(served.length, folder).toBeGreaterThan(0);
      for (const handler of served) {
        expect(route[handler.operation.method], folder).toBe(handler);
        expect(handler.operation.path.replace(/\{(\w+)\}/g, "[$1]"), folder).toBe(folder);
      }
    }
  });

  it("has every file export every method Next routes to it, so none falls to Next's bare 405", () => {
    for (const [folder, route] of routes) {
      const servesGet = servedMethods(route).some(({ operation }) => operation.method === "GET");
      // Next answers HEAD with GET where a file exports no HEAD of its own.
      const expected = HTTP_METHODS.filter((method) => !(method === "HEAD" && servesGet));
      expect(
        HTTP_METHODS.filter((method) => typeof route[method] === "function"),
        folder,
      ).toEqual(expected);
    }
  });
});

describe("a method a route does not serve", () => {
  const chats = ROUTES["/api/chats"];
  const messages = ROUTES["/api/chats/[chatId]/messages"];
  const request = (method: string) => new Request("http://localhost:3000/api/chats", { method });

  it("is refused with 405, a JSON code and the route's Allow", async () => {
    for (const [handler, method, allow] of [
      [chats.PUT, "PUT", "GET, HEAD, OPTIONS, POST"],
      [chats.DELETE, "DELETE", "GET, HEAD, OPTIONS, POST"],
      [messages.GET, "GET", "OPTIONS, POST"],
    ] as const) {
      const response = await handler(request(method));
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe(allow);
      expect(response.headers.get("content-type"), method).toMatch(/^application\/json/);
      expect(await response.json(), method).toEqual({
        code: "method-not-allowed",
        message: `${method} is not served here.`,
      });
    }
    const head = await messages.HEAD(request("HEAD"));
    expect([head.status, head.headers.get("allow")]).toEqual([405, "OPTIONS, POST"]);
  });

  it("is named by OPTIONS, which answers 204 with the same Allow", async () => {
    const response = await ROUTES["/api/chats/[chatId]"].OPTIONS(request("OPTIONS"));
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
  });
});
