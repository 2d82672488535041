import { z } from "zod";

/** The `params.code` of the issue a text field raises for text Postgres cannot store. */
export const INVALID_TEXT = "invalid-text";

/** NUL and lone surrogates would otherwise fail deep in a write as a 500, after a claim or a lock. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Every string and key in a JSON value, walked without recursion so no nesting overflows the stack. */
export function holdsStorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!isStorableText(next)) return false;
    } else if (typeof next === "object" && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (!isStorableText(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}

/** Every text field of every body is one of these, so text that cannot be stored is refused at the boundary. */
export function storableTextSchema() {
  return z.string().refine(isStorableText, {
    error: "The text holds characters that cannot be stored.",
    params: { code: INVALID_TEXT },
    abort: true,
  });
}

/** The largest value of a Postgres `integer` column (revisions, positions, sequence numbers). */
export const MAX_POSTGRES_INT = 2_147_483_647;

/** Decimal digits only, within Postgres' integer range: event cursors and item positions. */
export const wholeNumberText = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_POSTGRES_INT));

export const eventCursorSchema = wholeNumberText;
