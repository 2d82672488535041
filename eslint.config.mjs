import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Next's own rules (React, hooks, accessibility, Core Web Vitals) with its TypeScript set.
const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Build output and the generated Prisma client are not ours to lint.
    ignores: [".next/**", "node_modules/**", "lib/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
];

export default config;
