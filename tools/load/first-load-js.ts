import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { z } from "zod";

const BuildManifest = z.object({ rootMainFiles: z.array(z.string()) });
const ClientManifest = z.object({ entryJSFiles: z.record(z.string(), z.array(z.string())) });

export type FirstLoadJs = {
  bytes: number;
  gzipBytes: number;
  files: { file: string; bytes: number; gzipBytes: number }[];
};

/** The client reference manifest of an app route ("/", "/chats/[chatId]"): a script that fills a global. */
function clientManifest(distDir: string, route: string) {
  const page = route === "/" ? "/page" : `${route}/page`;
  const context: { __RSC_MANIFEST?: Record<string, unknown> } = {};
  runInNewContext(
    readFileSync(join(distDir, "server/app", `${page}_client-reference-manifest.js`), "utf8"),
    context,
  );
  const manifest = context.__RSC_MANIFEST?.[page];
  if (manifest === undefined)
    throw new Error(`No client manifest for ${route} in ${distDir}: was it built?`);
  return ClientManifest.parse(manifest);
}

/**
 * The JavaScript a production build makes a browser load before an app route is interactive:
 * the framework's root files and the chunks of every segment the route's page renders (layout,
 * error and not-found boundaries, page). Chunks loaded on demand (`next/dynamic`, `import()`) are
 * not counted. Sizes are of the files on disk and gzipped at level 9, as a server would send them.
 */
export function firstLoadJs(distDir: string, route: string): FirstLoadJs {
  const { rootMainFiles } = BuildManifest.parse(
    JSON.parse(readFileSync(join(distDir, "build-manifest.json"), "utf8")),
  );
  const { entryJSFiles } = clientManifest(distDir, route);
  const names = [...new Set([...rootMainFiles, ...Object.values(entryJSFiles).flat()])].sort();
  const files = names.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  const sum = (key: "bytes" | "gzipBytes") => files.reduce((total, file) => total + file[key], 0);
  return { bytes: sum("bytes"), gzipBytes: sum("gzipBytes"), files };
}
