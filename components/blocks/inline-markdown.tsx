import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useInLabel } from "./context";

// Text in a block allows inline Markdown only. Block syntax is not parsed at all, so "1. Install"
// or "# 3" stay as written; an image is read as a link to it, never loaded. Links leave the app
// safely and only to web pages.
const INLINE = ["em", "strong", "code", "a", "del", "br"];
const BLOCK_CONSTRUCTS = [
  "blockQuote",
  "codeFenced",
  "codeIndented",
  "definition",
  "headingAtx",
  "htmlFlow",
  "htmlText",
  "list",
  "setextUnderline",
  "thematicBreak",
  "table",
  "tasklistCheck",
  "gfmFootnoteDefinition",
  "gfmFootnoteCall",
  "gfmPotentialFootnoteCall",
  "labelStartImage",
];
/** Text without these characters reads the same as Markdown, and skips the parser. */
const MARKUP = /[*_`[\]<&\\~]|https?:\/\/|www\./i;

function remarkInlineOnly(this: { data(): unknown }) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: BLOCK_CONSTRUCTS } });
}

export function isWebUrl(url: string | undefined): url is string {
  if (url === undefined) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

const components: Components = {
  a: ({ href, children }) =>
    isWebUrl(href) ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
  code: ({ children }) => (
    <code className="rounded bg-zinc-100 px-1 font-mono text-[0.9em] dark:bg-zinc-800">
      {children}
    </code>
  ),
};

const labelComponents: Components = { ...components, a: ({ children }) => <>{children}</> };

/** One text run: inline Markdown, keeping the spaces at its ends that join it to its neighbours. */
export function InlineMarkdown({ text }: { text: string }) {
  const inLabel = useInLabel();
  if (!MARKUP.test(text)) return <>{text}</>;
  const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return (
    <>
      {lead}
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkInlineOnly]}
        allowedElements={INLINE}
        unwrapDisallowed
        components={inLabel ? labelComponents : components}
      >
        {core}
      </ReactMarkdown>
      {trail}
    </>
  );
}
