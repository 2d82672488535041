import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../lib/env";
import { BUTTON_ENV, CLONE_URL, deployButtonMarkdown, NEON_PRODUCT, repositoryUrl } from "./button";

const root = join(__dirname, "../..");
const repository = repositoryUrl(JSON.parse(readFileSync(join(root, "package.json"), "utf8")));
// The clone URL's parameters as Vercel documents them (vercel.com/docs/deploy-button/source,
// …/environment-variables, …/integrations), and `products`, which attaches a marketplace store.
const DOCUMENTED = [
  "repository-url",
  "project-name",
  "repository-name",
  "env",
  "envDescription",
  "envLink",
  "products",
];
const NEON_URLS = {
  DATABASE_URL: "postgresql://neon:secret@pooled.example/neondb",
  DATABASE_URL_UNPOOLED: "postgresql://neon:secret@direct.example/neondb",
};

function buttonUrl(): URL {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const link = readme
    .split("\n")
    .slice(0, 5)
    .join("\n")
    .match(/\[!\[Deploy with Vercel\]\(https:\/\/vercel\.com\/button\)\]\(([^)\s]+)\)/);
  if (!link) throw new Error("README.md does not open with the Deploy with Vercel button");
  return new URL(link[1]!);
}

function missingOnVercel(variables: Record<string, string>): string[] {
  try {
    parseEnv({ NODE_ENV: "production", VERCEL: "1", ...variables });
    return [];
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    return error.problems.map((problem) => problem.split(" ", 1)[0]!);
  }
}

describe("the README's Deploy with Vercel button", () => {
  it("opens the README and is the clone URL built for this repository", () => {
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(
      deployButtonMarkdown(repository),
    );
    const url = buttonUrl();
    expect(`${url.origin}${url.pathname}`).toBe(CLONE_URL);
    expect([...url.searchParams.keys()].filter((name) => !DOCUMENTED.includes(name))).toEqual([]);
    expect(url.searchParams.get("repository-url")).toBe(repository);
  });

  it("asks for exactly the variables a Vercel production deployment requires beyond the database URLs", () => {
    const asked = buttonUrl().searchParams.get("env")!.split(",");
    expect(asked).toEqual([...BUTTON_ENV]);
    expect(missingOnVercel(NEON_URLS)).toEqual(asked);
    const typedIn = Object.fromEntries(
      asked.map((name) => [name, "a-random-string-of-32-characters"]),
    );
    expect(missingOnVercel({ ...NEON_URLS, ...typedIn })).toEqual([]);
  });

  it("attaches Neon, which provides both database URLs, and links to a page of this repository", () => {
    const url = buttonUrl();
    expect(JSON.parse(url.searchParams.get("products")!)).toEqual([NEON_PRODUCT]);
    expect(
      missingOnVercel({
        SESSION_SECRET: "a-random-string-of-32-characters",
        CRON_SECRET: "a-random-string-of-32-characters",
      }),
    ).toEqual(["DATABASE_URL"]);
    const envLink = url.searchParams.get("envLink")!;
    expect(envLink.startsWith(`${repository}/blob/main/`)).toBe(true);
    expect(existsSync(join(root, envLink.slice(`${repository}/blob/main/`.length)))).toBe(true);
    expect(url.searchParams.get("envDescription")).toMatch(/SESSION_SECRET.*CRON_SECRET/);
  });
});
