import * as z from "zod/mini";
import { jsonRecordSchema } from "@/lib/component-frames";
import type { UiValue } from "@/lib/intelligent-ui";

// A host link (`File`, `Diff`, `Commit`, `Node`) resolved against the repository this host shows.
// Every href is built here from parsed props and the configured base: text in a block never
// becomes an address by itself, and only http(s) addresses leave this module.

/** The kinds of host link the catalog has (docs/language.md §6.6). */
const LINK_TYPES = ["File", "Diff", "Commit", "Node"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export function isLinkType(type: string): type is LinkType {
  return (LINK_TYPES as readonly string[]).includes(type);
}

/** Where links go: a repository's web address (`https://github.com/<owner>/<repo>`) and the ref files are shown at. */
export type LinkRepository = { url: string; ref: string };

/** A resolved link: an href, or none and why (shown as the chip's tooltip and to screen readers). */
export const linkViewSchema = z.object({
  href: z.nullable(z.string()),
  reason: z.optional(z.string()),
});
export type LinkView = z.infer<typeof linkViewSchema>;

/**
 * A link as frozen with its block: the props it was resolved from, so a page can tell whether
 * the link it draws now is still that one or must be resolved again for its current values.
 */
const frozenLinkSchema = z.extend(linkViewSchema, {
  type: z.string(),
  props: jsonRecordSchema,
});

/** A block's links by view node id. */
export const blockLinksSchema = z.record(z.string(), frozenLinkSchema);
export type BlockLinks = z.infer<typeof blockLinksSchema>;

const unresolved = (reason: string): LinkView => ({ href: null, reason });

const MAX_PATH = 1_024;
// Control characters, backslashes and `?`/`#` have no place in a repository path.
const UNSAFE_PATH = /[\u0000-\u001f\u007f\\?#]/;

/** A relative repository path's segments, or why it is not one. */
function pathSegments(path: unknown): string[] | string {
  if (typeof path !== "string" || path.trim() === "") return "The link names no file.";
  if (path.length > MAX_PATH) return `The path is longer than ${MAX_PATH} characters.`;
  if (UNSAFE_PATH.test(path)) return "The path holds characters no repository file has.";
  const segments = path.replace(/^\.\//, "").split("/");
  if (
    path.startsWith("/") ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..")
  ) {
    return "The path is not a file inside the repository.";
  }
  return segments;
}

const LINE = z.union([
  z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  z.pipe(
    z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,7}$/)), z.transform(Number)),
    z.number().check(z.maximum(10_000_000)),
  ),
]);
const SHA = /^[0-9a-fA-F]{7,64}$/;

/** The repository address and a path under it, as an http(s) URL. */
function under(repository: LinkRepository, segments: readonly string[], hash = ""): LinkView {
  const base = repository.url.replace(/\/+$/, "");
  const href = new URL(`${base}/${segments.map(encodeURIComponent).join("/")}${hash}`);
  if (href.protocol !== "https:" && href.protocol !== "http:")
    return unresolved("Links go to web addresses only.");
  return { href: href.toString() };
}

/**
 * Resolves one link node's evaluated props. `File` opens the file at the ref (at its line), `Diff`
 * the file's history of changes, `Commit` the commit; a `Node` names something of a running host,
 * which a repository does not hold, so it stays a chip that says so.
 */
export function resolveLink(
  type: LinkType,
  props: Readonly<Record<string, UiValue>>,
  repository: LinkRepository,
): LinkView {
  switch (type) {
    case "File":
    case "Diff": {
      const segments = pathSegments(props.path);
      if (typeof segments === "string") return unresolved(segments);
      const ref = repository.ref.split("/");
      if (type === "Diff") return under(repository, ["commits", ...ref, ...segments]);
      if (props.line === undefined) return under(repository, ["blob", ...ref, ...segments]);
      const line = LINE.safeParse(props.line);
      return line.success
        ? under(repository, ["blob", ...ref, ...segments], `#L${line.data}`)
        : unresolved("The line is not a line number.");
    }
    case "Commit":
      return typeof props.sha === "string" && SHA.test(props.sha)
        ? under(repository, ["commit", props.sha.toLowerCase()])
        : unresolved("The commit is not a commit hash.");
    case "Node":
      return unresolved("This host has no view of running nodes: a node link opens nowhere here.");
  }
}
