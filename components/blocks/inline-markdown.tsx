import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useInLabel } from "./context";

// Text in a block allows inline Markdown only: anything else (headings, lists, images, raw HTML)
// is unwrapped to its text. Links leave the app safely and only to web pages.
const INLINE = ["em", "strong", "code", "a", "del"];
const MARKUP = /[*_`[\]<>&\\~!#|]|^\s*(?:[-+>]|\d+[.)])\s/m;

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
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-indigo-700 underline dark:text-indigo-300">
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
  code: ({ children }) => <code className="rounded bg-zinc-100 px-1 font-mono text-[0.9em] dark:bg-zinc-800">{children}</code>,
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
      <ReactMarkdown remarkPlugins={[remarkGfm]} allowedElements={INLINE} unwrapDisallowed components={inLabel ? labelComponents : components}>
        {core}
      </ReactMarkdown>
      {trail}
    </>
  );
}
