import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const testFile = /\.test\.tsx?$/;
const testFolders = ["lib", "app", "scripts", "tools", "components", "docs"];

// A file that replaces modules or globals (vi.mock, vi.stubGlobal…) would leave them replaced for
// the files after it in the same module graph: it gets a fresh graph of its own. Every other file
// shares its worker's graph, which spares a module load per file and halves the run.
const replacesModules = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;
const testFiles = testFolders.flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((path) => testFile.test(path) && !path.split(/[\\/]/).includes("node_modules"))
    .map((path) => join(folder, path).replaceAll("\\", "/")),
);
const isolated = testFiles.filter((path) =>
  replacesModules.test(readFileSync(join(root, path), "utf8")),
);

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Server modules are tested directly; outside a React Server build the marker would throw.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // One migrated PostgreSQL for the run: DATABASE_URL, or a throwaway embedded cluster.
    globalSetup: ["scripts/db/vitest-setup.ts"],
    setupFiles: ["scripts/db/vitest-env.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: testFiles.filter((path) => !isolated.includes(path)),
          isolate: false,
          // A spy a failing test left in place would stay for the next file: put back before each test.
          restoreMocks: true,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated } },
    ],
  },
});
