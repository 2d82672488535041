import { z } from "zod";
import { ConfigError } from "@/lib/config";
import type { LinkRepository } from "./resolve";

/** The demo's repository: a public Next.js one, so the demo's links open real pages. */
export const DEFAULT_LINK_REPOSITORY: LinkRepository = { url: "https://github.com/vercel/next.js", ref: "HEAD" };

// Unset and empty are the same, as for the app's other settings.
const setting = z.string().trim().optional().transform((value) => value || undefined);

const REF_ERROR = "LINK_REPOSITORY_REF must be a branch, tag or commit name.";

const linkEnvSchema = z.object({
  LINK_REPOSITORY_URL: setting.pipe(
    z
      .url({ protocol: /^https?$/, error: "LINK_REPOSITORY_URL must be an http(s) address such as https://github.com/<owner>/<repo>." })
      .refine((url) => !/[?#]/.test(url), "LINK_REPOSITORY_URL must have no query or fragment.")
      .optional(),
  ),
  // A branch, tag or commit; HEAD is the repository's default branch.
  LINK_REPOSITORY_REF: setting.pipe(
    z
      .string()
      .max(256, REF_ERROR)
      .regex(/^[\w.-]+(\/[\w.-]+)*$/, REF_ERROR)
      .refine((ref) => ref.split("/").every((segment) => segment !== "." && segment !== ".."), REF_ERROR)
      .optional(),
  ),
});

/** Where this host's links go, from `LINK_REPOSITORY_URL` and `LINK_REPOSITORY_REF`; a bad value is a `ConfigError` naming it, which stops the server as it starts. */
export function parseLinkRepository(source: Record<string, string | undefined>): LinkRepository {
  const parsed = linkEnvSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join(" "));
  return {
    url: (parsed.data.LINK_REPOSITORY_URL ?? DEFAULT_LINK_REPOSITORY.url).replace(/\/+$/, ""),
    ref: parsed.data.LINK_REPOSITORY_REF ?? DEFAULT_LINK_REPOSITORY.ref,
  };
}

let cached: LinkRepository | undefined;

export function linkRepository(): LinkRepository {
  cached ??= parseLinkRepository(process.env);
  return cached;
}
