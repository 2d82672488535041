import { z } from "zod";

// A refusal's code is matched by pages and tests; its sentence is shown to the person as it is.
const refusalSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  message: z.string().trim().min(1).max(300),
});

export type SourceReason = z.infer<typeof refusalSchema>;

/**
 * A source saying no in its own words: thrown from `authorize` (the reading is `refused`) or from
 * `read` (it is `failed`), with a stable kebab-case code and one sentence for the person.
 */
export class SourceRefusal extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    const reason = refusalSchema.parse({ code, message });
    super(reason.message);
    this.name = "SourceRefusal";
    this.code = reason.code;
  }

  get reason(): SourceReason {
    return { code: this.code, message: this.message };
  }
}

export function isSourceRefusal(error: unknown): error is SourceRefusal {
  return error instanceof SourceRefusal;
}
