import { z } from "zod";
import type { UiValue } from "../types";

export const text = z.string().max(16_384);
export const name = z.string().min(1).max(256);
export const finite = z.number();
export const scalar = z.union([text, finite, z.boolean(), z.null()]);
export const tone = z.enum(["neutral", "info", "success", "warning", "danger"]);
export const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
  .max(256);

export const uiValue: z.ZodType<UiValue> = z.lazy(() =>
  z.union([scalar, z.array(uiValue), z.record(z.string(), uiValue)]),
);

export const records = (items: z.ZodType) => z.array(z.record(z.string(), items)).max(1000);

/** `line="148"` is accepted as well as `line={148}`. */
export const lineNumber = z.union([
  z.number().int().min(1).max(10_000_000),
  z
    .string()
    .regex(/^[1-9][0-9]{0,7}$/)
    .refine((value) => Number(value) <= 10_000_000),
]);
