import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { firstLoadJs } from "./first-load-js";

const dist = mkdtempSync(join(tmpdir(), "first-load-js-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function write(path: string, content: string) {
  mkdirSync(dirname(join(dist, path)), { recursive: true });
  writeFileSync(join(dist, path), content);
}

/** A client reference manifest as Next writes it: a script that fills a global, page by page. */
function manifest(page: string, entryJSFiles: Record<string, string[]>) {
  const body = JSON.stringify({ clientModules: {}, entryCSSFiles: {}, entryJSFiles });
  write(
    `server/app${page}_client-reference-manifest.js`,
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${body};`,
  );
}

const chunks = {
  framework: "a".repeat(5000),
  layout: "let layout = 1;",
  chat: "x".repeat(300) + "y".repeat(300),
  home: "home()",
};
for (const [name, content] of Object.entries(chunks)) write(`static/chunks/${name}.js`, content);
write(
  "build-manifest.json",
  JSON.stringify({
    polyfillFiles: ["static/chunks/polyfill.js"],
    rootMainFiles: ["static/chunks/framework.js"],
  }),
);
manifest("/page", {
  "[project]/app/layout": ["static/chunks/layout.js"],
  "[project]/app/page": ["static/chunks/layout.js", "static/chunks/home.js"],
});
manifest("/chats/[chatId]/page", {
  "[project]/app/layout": ["static/chunks/layout.js"],
  "[project]/app/chats/[chatId]/page": ["static/chunks/framework.js", "static/chunks/chat.js"],
});

const sizes = (name: keyof typeof chunks) => ({
  file: `static/chunks/${name}.js`,
  bytes: chunks[name].length,
  gzipBytes: gzipSync(chunks[name], { level: 9 }).length,
});

describe("firstLoadJs", () => {
  it("adds up the root files and every segment's chunks of a route once each, raw and gzipped", () => {
    const files = [sizes("chat"), sizes("framework"), sizes("layout")];
    expect(firstLoadJs(dist, "/chats/[chatId]")).toEqual({
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    });
  });

  it("reads the home page's manifest for /, and leaves out what only old browsers load", () => {
    expect(firstLoadJs(dist, "/").files.map(({ file }) => file)).toEqual([
      "static/chunks/framework.js",
      "static/chunks/home.js",
      "static/chunks/layout.js",
    ]);
  });

  it("says which route has no manifest", () => {
    expect(() => firstLoadJs(dist, "/share/[token]")).toThrow(/share/);
  });
});
