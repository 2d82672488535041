import * as z from "zod/mini";
import { jsonValueSchema } from "@/lib/component-frames";
import type {
  UiAction,
  UiBlock,
  UiDiagnosticCode,
  UiExpr,
  UiNode,
  UiProp,
  UiValue,
} from "@/lib/intelligent-ui";

// Server-compiled, but a stored column is read back through a schema like any other boundary.

const value: z.ZodMiniType<UiValue> = jsonValueSchema as z.ZodMiniType<UiValue>;
const diagnosticCode = z.string() as unknown as z.ZodMiniType<UiDiagnosticCode>;

export const uiExprSchema: z.ZodMiniType<UiExpr> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal("literal"), value }),
    z.object({ type: z.literal("array"), items: z.array(uiExprSchema) }),
    z.object({
      type: z.literal("record"),
      entries: z.array(z.object({ key: z.string(), value: uiExprSchema })),
    }),
    z.object({ type: z.enum(["variable", "local"]), name: z.string() }),
    z.object({ type: z.literal("member"), object: uiExprSchema, key: z.string() }),
    z.object({ type: z.literal("index"), object: uiExprSchema, index: uiExprSchema }),
    z.object({
      type: z.literal("unary"),
      operator: z.enum(["!", "-", "+"]),
      operand: uiExprSchema,
    }),
    z.object({
      type: z.literal("binary"),
      operator: z.enum([
        "||",
        "&&",
        "==",
        "===",
        "!=",
        "!==",
        "<",
        "<=",
        ">",
        ">=",
        "+",
        "-",
        "*",
        "/",
        "%",
      ]),
      left: uiExprSchema,
      right: uiExprSchema,
    }),
    z.object({ type: z.literal("call"), name: z.string(), args: z.array(uiExprSchema) }),
  ]),
) as z.ZodMiniType<UiExpr>;

const prop: z.ZodMiniType<UiProp> = z.union([
  z.object({ value }),
  z.object({ expression: uiExprSchema, source: z.string() }),
]);

const action: z.ZodMiniType<UiAction> = z.union([
  z.object({ type: z.literal("set"), name: z.string(), value }),
  z.object({ type: z.literal("reset"), name: z.optional(z.string()) }),
]) as z.ZodMiniType<UiAction>;

export const uiNodeSchema: z.ZodMiniType<UiNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    start: z.number(),
    end: z.number(),
    complete: z.boolean(),
    partial: z.optional(z.literal(true)),
    props: z.record(z.string(), prop),
    children: z.array(uiNodeSchema),
    text: z.optional(z.string()),
    expression: z.optional(uiExprSchema),
    error: z.optional(diagnosticCode),
    binding: z.optional(z.string()),
    action: z.optional(action),
  }),
) as z.ZodMiniType<UiNode>;

const span = { start: z.number(), end: z.number() };

export const uiBlockSchema: z.ZodMiniType<UiBlock> = z.object({
  id: z.string(),
  catalogVersion: z.number(),
  complete: z.boolean(),
  source: z.string(),
  variables: z.record(z.string(), z.object({ name: z.string(), default: value, ...span })),
  queries: z.record(
    z.string(),
    z.object({
      name: z.string(),
      source: z.string(),
      args: uiExprSchema,
      definition: z.string(),
      ...span,
    }),
  ),
  nodes: z.array(uiNodeSchema),
  diagnostics: z.array(
    z.object({
      code: diagnosticCode,
      message: z.string(),
      ...span,
      nodeId: z.optional(z.string()),
    }),
  ),
  fallback: z.string(),
  revision: z.optional(z.number().check(z.int(), z.positive())),
}) as z.ZodMiniType<UiBlock>;

export const storedBlocksSchema = z.array(uiBlockSchema);
