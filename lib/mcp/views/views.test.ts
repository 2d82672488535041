import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script, typed by its use here.
import { generatedPath, generatedView, VIEWS } from "@/scripts/build-mcp-views.mjs";

type View = { name: string; constant: string };

describe("the generated MCP App views", () => {
  it.each(VIEWS as View[])(
    "$name is current: run node scripts/build-mcp-views.mjs",
    async (view) => {
      const committed = await readFile(generatedPath(view) as string, "utf8");
      expect(committed === (await generatedView(view))).toBe(true);
    },
  );
});
