import { describe, expect, it } from "vitest";
import { LIVE_SOURCES, QUERY_SCHEMAS, querySchemasOf } from "./index";

describe("the query schemas a page compiles previews with", () => {
  it("are the registered sources' own argument schemas, one for each source", () => {
    const registered = querySchemasOf(LIVE_SOURCES);
    expect(Object.keys(QUERY_SCHEMAS).sort()).toEqual(Object.keys(registered).sort());
    for (const [name, args] of Object.entries(registered))
      expect(QUERY_SCHEMAS[name], name).toBe(args);
  });
});
