import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "../http/errors";
import { pageRead } from "./page";

// A page rendered before the proxy issued a cookie: no visitor.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const params = z.object({ id: z.uuid() });
const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("a page's read", () => {
  it("parses the params with zod, and reads with what they hold", async () => {
    const read = vi.fn(async ({ params: { id } }: { params: { id: string } }) => `chat ${id}`);
    const page = pageRead({ params, visitor: false }, read);
    expect(await page.find(Promise.resolve({ id: ID }))).toBe(`chat ${ID}`);
    expect(await page.orNotFound(Promise.resolve({ id: ID }))).toBe(`chat ${ID}`);
  });

  it("finds nothing for a malformed param, a missing visitor or a 404 refusal, and never reads then", async () => {
    const read = vi.fn(async () => "chat");
    expect(
      await pageRead({ params, visitor: false }, read).find(Promise.resolve({ id: "x" })),
    ).toBe(null);
    expect(await pageRead({ params, visitor: true }, read).find(Promise.resolve({ id: ID }))).toBe(
      null,
    );
    expect(read).not.toHaveBeenCalled();
    const refused = pageRead({ params, visitor: false }, async () => {
      throw new AppError("chat-not-found", "Not found.");
    });
    expect(await refused.find(Promise.resolve({ id: ID }))).toBe(null);
    await expect(refused.orNotFound(Promise.resolve({ id: ID }))).rejects.toThrow(
      /NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/,
    );
  });

  it("lets any other failure through", async () => {
    const failing = pageRead({ params, visitor: false }, async () => {
      throw new Error("database down");
    });
    await expect(failing.find(Promise.resolve({ id: ID }))).rejects.toThrow("database down");
  });
});
