import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";

// Raw HTML in a reply is never drawn (react-markdown escapes it); links leave the app safely.
// Images an agent names are links, never loaded: loading one would send data to its host.
const components: Components = {
  // A link still being streamed has no address yet (remend closes it with one that is dropped).
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => (
    <a
      href={typeof src === "string" ? src : undefined}
      target="_blank"
      rel="noopener noreferrer nofollow"
    >
      {alt || "image"}
    </a>
  ),
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
};

const PLUGINS = [remarkGfm];

/**
 * Markdown source drawn as elements: on the server for a finished message (the chat page sends
 * it drawn, so the browser needs no parser for it), in the browser for text it drew as it streamed.
 */
export function MarkdownText({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={PLUGINS} components={components}>
      {source}
    </ReactMarkdown>
  );
}
