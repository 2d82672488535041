import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { isWebUrl } from "./web-url";

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

function remarkInlineOnly(this: { data(): unknown }) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: BLOCK_CONSTRUCTS } });
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

const PLUGINS = [remarkGfm, remarkInlineOnly];

/**
 * A block's text run (without the spaces at its ends) as inline Markdown: on the server for the
 * blocks of a finished message, in the browser for text it was not given drawn. Inside a label
 * (`inLabel`) a link is its text: the label is itself the control.
 */
export default function InlineMarkdownText({
  source,
  inLabel,
}: {
  source: string;
  inLabel: boolean;
}) {
  return (
    <ReactMarkdown
      remarkPlugins={PLUGINS}
      allowedElements={INLINE}
      unwrapDisallowed
      components={inLabel ? labelComponents : components}
    >
      {source}
    </ReactMarkdown>
  );
}
