// The README's "Deploy with Vercel" button: Vercel's clone URL (vercel.com/docs/deploy-button)
// for this repository, asking for the secrets a deployment needs and attaching Neon, whose
// marketplace integration sets DATABASE_URL and DATABASE_URL_UNPOOLED.
import { z } from "zod";

export const CLONE_URL = "https://vercel.com/new/clone";

/** What the person types in; the Neon integration provides the database URLs. */
export const BUTTON_ENV = ["SESSION_SECRET", "CRON_SECRET"] as const;

export const NEON_PRODUCT = {
  type: "integration",
  protocol: "storage",
  productSlug: "neon",
  integrationSlug: "neon",
} as const;

const repositoryField = z
  .union([z.string(), z.object({ url: z.string() })])
  .transform((field) => (typeof field === "string" ? field : field.url));

/** package.json's `repository` as the https address Vercel clones from. */
export function repositoryUrl(packageJson: unknown): string {
  const field = z.object({ repository: repositoryField }).parse(packageJson).repository;
  const url = new URL(field.replace(/^git\+/, "").replace(/\.git$/, ""));
  if (url.protocol !== "https:" || url.hostname !== "github.com")
    throw new Error(`package.json's repository must be a https://github.com address, not ${field}`);
  return url.href;
}

export function deployButtonUrl(repository: string): string {
  const params = new URLSearchParams({
    "repository-url": repository,
    "project-name": "answerable",
    "repository-name": "answerable",
    env: BUTTON_ENV.join(","),
    envDescription:
      "Two random strings of at least 16 characters each (openssl rand -hex 32): SESSION_SECRET signs visitor cookies, CRON_SECRET authenticates Vercel Cron's sweep.",
    envLink: `${repository}/blob/main/docs/deploy.md`,
    products: JSON.stringify([NEON_PRODUCT]),
  });
  return `${CLONE_URL}?${params}`;
}

export function deployButtonMarkdown(repository: string): string {
  return `[![Deploy with Vercel](https://vercel.com/button)](${deployButtonUrl(repository)})`;
}
