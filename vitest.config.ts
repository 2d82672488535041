import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Server modules are tested directly; outside a React Server build the marker would throw.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tools/**/*.test.ts",
      "components/**/*.test.{ts,tsx}",
      "docs/**/*.test.{ts,tsx}",
    ],
    environment: "node",
    testTimeout: 20_000,
    // One migrated PostgreSQL for the run: DATABASE_URL, or a throwaway embedded cluster.
    globalSetup: ["scripts/db/vitest-setup.ts"],
    setupFiles: ["scripts/db/vitest-env.ts"],
  },
});
