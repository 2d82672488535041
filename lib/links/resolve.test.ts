import { describe, expect, it } from "vitest";
import { parseLinkRepository } from "./config";
import { resolveLink } from "./resolve";

const repository = { url: "https://github.com/acme/shop", ref: "main" };

describe("resolveLink", () => {
  it("opens a file at the ref, at its line when it has one", () => {
    expect(resolveLink("File", { path: "src/app.ts", line: 148 }, repository)).toEqual({
      href: "https://github.com/acme/shop/blob/main/src/app.ts#L148",
    });
    expect(resolveLink("File", { path: "src/app.ts", line: "12" }, repository)).toEqual({
      href: "https://github.com/acme/shop/blob/main/src/app.ts#L12",
    });
    expect(resolveLink("File", { path: "./README.md" }, repository)).toEqual({
      href: "https://github.com/acme/shop/blob/main/README.md",
    });
  });

  it("opens a diff as the file's history of changes, and a commit by its hash", () => {
    expect(resolveLink("Diff", { path: "lib/a b.ts" }, repository)).toEqual({
      href: "https://github.com/acme/shop/commits/main/lib/a%20b.ts",
    });
    expect(resolveLink("Commit", { sha: "ABC1234DEF" }, repository)).toEqual({
      href: "https://github.com/acme/shop/commit/abc1234def",
    });
  });

  it("keeps a ref with slashes as path segments", () => {
    expect(resolveLink("File", { path: "a.ts" }, { ...repository, ref: "release/2.4" }).href).toBe(
      "https://github.com/acme/shop/blob/release/2.4/a.ts",
    );
  });

  it("escapes what a path holds, so it never leaves the repository's address", () => {
    const href = resolveLink("File", { path: "x/%2e%2e/y&z=1 <b>.ts" }, repository).href;
    expect(href).toBe("https://github.com/acme/shop/blob/main/x/%252e%252e/y%26z%3D1%20%3Cb%3E.ts");
  });

  it.each([
    ["../secrets", "The path is not a file inside the repository."],
    ["/etc/passwd", "The path is not a file inside the repository."],
    ["a//b", "The path is not a file inside the repository."],
    ["a/./b", "The path is not a file inside the repository."],
    ["a\\b", "The path holds characters no repository file has."],
    ["a?b=1", "The path holds characters no repository file has."],
    ["a#L1", "The path holds characters no repository file has."],
    ["a\nb", "The path holds characters no repository file has."],
    ["", "The link names no file."],
    ["x".repeat(1_025), "The path is longer than 1024 characters."],
  ])("leaves %j unresolved with a reason", (path, reason) => {
    expect(resolveLink("File", { path }, repository)).toEqual({ href: null, reason });
    expect(resolveLink("Diff", { path }, repository)).toEqual({ href: null, reason });
  });

  it("leaves a bad line, a bad hash and every node unresolved, each with its reason", () => {
    expect(resolveLink("File", { path: "a.ts", line: 0 }, repository)).toEqual({
      href: null,
      reason: "The line is not a line number.",
    });
    expect(resolveLink("Commit", { sha: "javascript:alert(1)" }, repository)).toEqual({
      href: null,
      reason: "The commit is not a commit hash.",
    });
    expect(resolveLink("Node", { id: "web-1" }, repository)).toEqual({
      href: null,
      reason: expect.stringContaining("no view of running nodes"),
    });
  });
});

describe("parseLinkRepository", () => {
  it("defaults to a public repository's web address at its default branch", () => {
    expect(parseLinkRepository({})).toEqual({
      url: "https://github.com/vercel/next.js",
      ref: "HEAD",
    });
    expect(parseLinkRepository({ LINK_REPOSITORY_URL: " ", LINK_REPOSITORY_REF: "" })).toEqual({
      url: "https://github.com/vercel/next.js",
      ref: "HEAD",
    });
  });

  it("takes a repository and a ref, without a trailing slash", () => {
    expect(
      parseLinkRepository({
        LINK_REPOSITORY_URL: "https://git.example.com/a/b/",
        LINK_REPOSITORY_REF: "v2.4",
      }),
    ).toEqual({ url: "https://git.example.com/a/b", ref: "v2.4" });
  });

  it.each([
    "javascript:alert(1)",
    "ftp://example.com/a",
    "https://github.com/a/b?x=1",
    "not a url",
  ])("refuses %j as the repository", (url) => {
    expect(() => parseLinkRepository({ LINK_REPOSITORY_URL: url })).toThrow(/LINK_REPOSITORY_URL/);
  });

  it("refuses a ref that is not a name", () => {
    expect(() => parseLinkRepository({ LINK_REPOSITORY_REF: "../x" })).toThrow(
      /LINK_REPOSITORY_REF/,
    );
  });
});
