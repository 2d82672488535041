import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Next's own rules (React, hooks, accessibility, Core Web Vitals) with its TypeScript set.
const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how the code drops a field on purpose.
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // Build output and the generated Prisma client are not ours to lint.
    ignores: [".next/**", "node_modules/**", "lib/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
];

export default config;
