import { isWebUrl } from "./web-url";
import { literalText, MUTED, textProp } from "./props";
import { HeldList, ViewNodes, type NodeProps } from "./view-nodes";

export function CodeBlock({ node }: NodeProps) {
  const language = textProp(node, "language");
  return (
    <figure className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      {language && (
        <figcaption
          className={`border-b border-zinc-200 px-3 py-1 font-mono text-xs dark:border-zinc-800 ${MUTED}`}
        >
          {language}
        </figcaption>
      )}
      {/* Focusable so a keyboard can scroll a long line. */}
      <pre tabIndex={0} className="overflow-x-auto bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
        <code className="font-mono">{literalText(node)}</code>
      </pre>
    </figure>
  );
}

/** Images are never loaded from a block: the placeholder names what would be shown. */
export function Image({ node }: NodeProps) {
  const alt = textProp(node, "alt");
  const name =
    textProp(node, "attachment") ??
    (node.props.generated === "latest" ? "latest generated image" : undefined);
  return (
    <figure
      className={`flex items-center gap-2 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700 ${MUTED}`}
    >
      <span aria-hidden="true">🖼</span>
      <figcaption className="min-w-0 break-words">
        {`Image: ${alt || name || "unavailable"}`}
        {alt && name && <span className="font-mono text-xs">{` (${name})`}</span>}
        {node.children.length > 0 && (
          <span className="block">
            <ViewNodes nodes={node.children} />
          </span>
        )}
      </figcaption>
    </figure>
  );
}

export function Sources({ node }: NodeProps) {
  return <HeldList node={node} ordered className="list-decimal space-y-1 pl-5 text-sm" />;
}

function hostOf(url: string): string {
  return new URL(url).host;
}

export function Source({ node }: NodeProps) {
  const title = textProp(node, "title") ?? "";
  const url = textProp(node, "url");
  if (!isWebUrl(url)) return <span className="break-words">{title || url}</span>;
  return (
    <span className="break-words">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        {title || url}
      </a>{" "}
      <span className={`text-xs ${MUTED}`}>{hostOf(url)}</span>
      {node.children.length > 0 && (
        <span className="block">
          <ViewNodes nodes={node.children} />
        </span>
      )}
    </span>
  );
}
