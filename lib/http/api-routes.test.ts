import { describe, expect, it } from "vitest";
import { routeFiles } from "@/scripts/test/route-files";
import { allowedMethods, API_ROUTES, refusalBeforeFramework } from "./api-routes";

describe("the API's routes", () => {
  it("are listed with exactly the methods their files export", () => {
    const listed = Object.entries(API_ROUTES).map(([route, methods]) => [
      route,
      [...methods].sort(),
    ]);
    expect(Object.fromEntries(routeFiles())).toEqual(Object.fromEntries(listed));
  });

  it("give a path its route's Allow header, and none to a path no route serves", () => {
    expect(allowedMethods("/api/chats")).toBe("GET, HEAD, OPTIONS, POST");
    expect(allowedMethods("/api/chats/3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(
      "DELETE, GET, HEAD, OPTIONS, PATCH",
    );
    expect(allowedMethods("/api/chats/x/confirmations/confirm-1")).toBe("OPTIONS, POST");
    for (const path of [
      "/api",
      "/api/chat",
      "/api/chats/",
      "/api/chats/x/unknown",
      "/api/chats//messages",
      "/chats",
    ])
      expect(allowedMethods(path), path).toBeUndefined();
  });
});

describe("requests refused before the framework sees them", () => {
  const refusal = (method: string, target: string) => {
    const early = refusalBeforeFramework(method, target);
    return early && { status: early.error.status, code: early.error.code, allow: early.allow };
  };

  it("refuse a request-target that is not a path", () => {
    for (const target of ["*", "", "chats", "ftp://host/api", "http://"]) {
      expect(refusal("OPTIONS", target), target).toEqual({
        status: 400,
        code: "malformed-request",
        allow: undefined,
      });
    }
  });

  it("refuse methods outside the Fetch standard's: 405 with the route's Allow, 404 where no route is", () => {
    expect(refusal("TRACE", "/api/chats?x=1")).toEqual({
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS, POST",
    });
    expect(refusal("PROPFIND", "http://127.0.0.1/api/chats")).toEqual({
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS, POST",
    });
    expect(refusal("PROPFIND", "/api/nowhere")).toEqual({
      status: 404,
      code: "not-found",
      allow: undefined,
    });
    expect(refusal("MKCOL", "/chats/x")).toEqual({
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD",
    });
  });

  it("let every other request through", () => {
    for (const method of ["GET", "head", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"])
      expect(refusal(method, "/api/chats")).toBeNull();
    expect(refusal("GET", "http://127.0.0.1:3000/")).toBeNull();
  });
});
