import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The project's layers, bottom to top. Each row's modules may import themselves, packages, and the
// project modules in its second column; nothing else. scripts/, tools/, e2e/ and tests import anything.
const PURE = ["lib/intelligent-ui", "lib/component-frames"];
const BASE = [
  "lib/env.ts",
  "lib/config.ts",
  "lib/config",
  "lib/http/errors.ts",
  "lib/http/error-catalog.ts",
  "lib/http/error-catalog-drawn.ts",
];
const DOMAIN = ["lib/live-sources", "lib/links", "lib/tools", "lib/mcp"];
// What a page may load: no server-only module, nothing that reads the environment.
const CLIENT_SAFE = [
  ...PURE,
  "lib/http/errors.ts",
  "lib/http/error-catalog.ts",
  "lib/http/error-catalog-drawn.ts",
  "lib/http/schemas.ts",
  "lib/live-sources/grants.ts",
  "lib/live-sources/query-args.ts",
  "lib/links",
];
const LAYERS = [
  // [modules, may import]: what the row is
  [["lib/intelligent-ui"], []], // the block language: pure TS, zod/mini only
  [["lib/component-frames"], []], // the frame protocol: pure TS, zod/mini only
  [BASE, []], // the environment and the refusal codes
  [["lib/db"], BASE], // the database client and its checks
  [
    ["lib/http", "lib/outage-page.ts"],
    [...BASE, "lib/db"],
  ], // request plumbing: visitor, origin, rate, text rules
  [["lib/live-sources"], [...PURE, ...BASE]], // what a block may read
  [["lib/links"], [...PURE, ...BASE]], // where a block's links go
  [["lib/tools"], [...PURE, ...BASE]], // what a confirmed action does
  [["lib/mcp"], [...PURE, ...BASE]], // the MCP servers the host reaches, and their views
  [["lib/agent"], [...PURE, ...BASE, ...DOMAIN]], // writes replies: knows no chat and no storage
  [["lib/chat/wire"], CLIENT_SAFE], // the chat's shapes and requests, shared with the page
  [["lib/ai-sdk"], [...CLIENT_SAFE, "lib/chat/wire"]], // the AI SDK's transport and data parts, for a page
  [["lib/chat"], [...PURE, ...BASE, ...DOMAIN, "lib/db", "lib/http", "lib/agent"]], // the chat's flows
  [["lib/api"], ["lib"]], // the request pipeline every API route runs
  [["lib/server-start.ts"], ["lib"]], // an instance's start
  [["components"], [...CLIENT_SAFE, "lib/chat/wire"]], // the page
  [
    ["app", "proxy.ts", "instrumentation.ts"],
    ["lib", "components"],
  ], // routes and pages
];
// Inside lib/chat: an answer starts a turn, and recovery mends turns and answers, never the reverse.
export const FLOWS = [
  {
    target: "lib/chat/turns",
    from: "lib/chat/answers",
    message:
      "lib/chat/turns may not import lib/chat/answers: an answer starts a turn, never the reverse.",
  },
  {
    target: ["lib/chat/turns", "lib/chat/answers", "lib/chat/store"],
    from: "lib/chat/recovery",
    message: "Recovery mends turns and answers; they never import it.",
  },
  {
    target: "lib/chat/store",
    from: [
      "lib/chat/turns",
      "lib/chat/answers",
      "lib/chat/readings",
      "lib/chat/chats",
      "lib/chat/stream",
    ],
    message: "lib/chat/store holds the statements; flows import it, never the reverse.",
  },
];

const MODULES = [...LAYERS.flatMap(([modules]) => modules), "scripts", "tools", "e2e"];
const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** A zone per module a row may not import (one within another counts once), less the parts it may. */
function layerZones() {
  return LAYERS.flatMap(([modules, allowed]) => {
    const own = [...modules, ...allowed];
    const barred = MODULES.filter((from) => !own.some((module) => inside(from, module)));
    return barred
      .filter((from) => !barred.some((outer) => outer !== from && inside(from, outer)))
      .map((from) => ({
        target: modules,
        from,
        except: own
          .filter((module) => module !== from && inside(module, from))
          .map((module) => `.${module.slice(from.length)}`),
        message: `${modules.join(", ")} may import only ${allowed.join(", ") || "packages"}: see the layer table in eslint.config.mjs.`,
      }));
  });
}

// Next's own rules (React, hooks, accessibility, Core Web Vitals) with its TypeScript set.
const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how the code drops a field on purpose.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // `import` is eslint-plugin-import as eslint-config-next registers it, with its TypeScript resolver.
    // Nothing imports a test, so no cycle runs through one: skipping tests halves the rule's cost.
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "e2e/**"],
    rules: { "import/no-cycle": "error" },
    // Packages and the generated Prisma client are not walked for cycles: parsing them tripled its cost.
    settings: { "import/ignore": ["node_modules", "lib/db/generated"] },
  },
  {
    // Tests may import anything their subject needs, test support lives in scripts/, and tools/ measures it all.
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "scripts/**", "tools/**", "e2e/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...layerZones(), ...FLOWS] },
      ],
    },
  },
  {
    // The two languages run on server and page alike, and in other hosts: zod is their one package,
    // as zod/mini (and its locale messages), so the page does not load classic zod.
    files: PURE.map((folder) => `${folder}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!zod/mini$|zod/locales$|\\.|@/)",
              message: "A pure library imports zod/mini and nothing else.",
            },
          ],
        },
      ],
      // Its imports are static, so that the rule above and the layer table see every one.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression, CallExpression[callee.name='require']",
          message: "A pure library imports statically, zod and its own files only.",
        },
      ],
    },
  },
  {
    // SQL is written in the statement modules only (decision 018): elsewhere nothing holds the client or its SQL builder.
    files: ["**/*.{ts,tsx}"],
    // (The pure libraries have their own, stricter rule above; a later entry would replace it.)
    ignores: [
      "**/*.test.{ts,tsx}",
      "scripts/**",
      "tools/**",
      "e2e/**",
      "lib/db/**",
      "lib/chat/store/**",
      "prisma.config.ts",
      ...PURE.map((folder) => `${folder}/**`),
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["@/lib/db/client", "@/lib/db/generated/client"].map((name) => ({
            name,
            message: "Send SQL through a named function of lib/chat/store (decision 018).",
          })),
        },
      ],
    },
  },
  {
    // The page reads its own API's answers and events by their types, so no validator ships in its
    // first load (decision 029): components import only types from the chat's schemas, and zod
    // reaches a page through the block language alone, in the chunks that draw blocks. The wire's
    // plain modules are held to the same rule, since components import their values.
    files: [
      "components/**/*.{ts,tsx}",
      "lib/chat/wire/{limits,reducer,diff,confirmations,client-api,event-types,plain-text,mcp-app-tool}.ts",
    ],
    ignores: [
      "**/*.test.{ts,tsx}",
      // Read on the server only, from the request's cookie.
      "components/ui/theme-cookie.ts",
      // Sets zod's config, imported by the modules that bring classic zod (the AI SDK, the API reference).
      "components/ui/zod-without-eval.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            ...["zod", "zod/mini"].map((name) => ({
              name,
              message: "The page reads its API by type (decision 029); validate on the server.",
            })),
            ...["@/lib/chat/wire", "@/lib/component-frames"].map((name) => ({
              name,
              allowTypeImports: true,
              message:
                "Import types only from the schemas; values from their plain modules (decision 029).",
            })),
          ],
          patterns: [
            {
              regex:
                "^@/lib/chat/wire/(?!(limits|reducer|diff|confirmations|client-api|event-types|plain-text|mcp-app-tool)$)",
              allowTypeImports: true,
              message:
                "A schema module builds zod schemas as it loads: import its types only (decision 029).",
            },
          ],
        },
      ],
    },
  },
  {
    // The block registry's one cycle: a view node draws its renderer, and renderers draw their children as view nodes.
    files: [
      "components/blocks/{registry,view-nodes,chart,choices,content,data,inputs,links,status,structure,table}.tsx",
    ],
    rules: { "import/no-cycle": "off" },
  },
  {
    // The route registry's one cycle: the OpenAPI route serves the document of every route, itself
    // among them; the registry reads the routes' operations when asked, never as it loads.
    files: ["app/api/routes.ts", "app/api/openapi.json/route.ts"],
    rules: { "import/no-cycle": "off" },
  },
  {
    // Build output and generated code (the Prisma client, MCP App views) are not ours to lint.
    ignores: [
      "**/.next/**",
      "lib/mcp/views/*.generated.ts",
      "node_modules/**",
      "lib/db/generated/**",
      "test-results/**",
      "playwright-report/**",
      "**/next-env.d.ts",
    ],
  },
];

export default config;
