import * as z from "zod/mini";
import { en } from "zod/locales";
import type { UiValue } from "../types";

// A props diagnostic quotes zod's issue message. zod/mini sets no locale of its own (classic zod
// sets English on first use), so the page would word it "Invalid input"; English, as on the server.
if (!z.config().localeError) z.config(en());

export const text = z.string().check(z.maxLength(16_384));
export const name = z.string().check(z.minLength(1), z.maxLength(256));
export const finite = z.number();
export const scalar = z.union([text, finite, z.boolean(), z.null()]);
export const tone = z.enum(["neutral", "info", "success", "warning", "danger"]);
export const identifier = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.maxLength(256));

export const uiValue: z.ZodMiniType<UiValue> = z.lazy(() =>
  z.union([scalar, z.array(uiValue), z.record(z.string(), uiValue)]),
);

export const records = (items: z.ZodMiniType) =>
  z.array(z.record(z.string(), items)).check(z.maxLength(1000));

/** `line="148"` is accepted as well as `line={148}`. */
export const lineNumber = z.union([
  z.number().check(z.int(), z.gte(1), z.lte(10_000_000)),
  z.string().check(
    z.regex(/^[1-9][0-9]{0,7}$/),
    z.refine((value) => Number(value) <= 10_000_000),
  ),
]);
