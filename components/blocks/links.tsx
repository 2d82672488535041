"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { sameUiValue, type UiValue } from "@/lib/intelligent-ui";
import type { BlockLinks } from "@/lib/links/resolve";
import type { LinkView } from "@/lib/links/resolve";
import { refusalSentence } from "@/components/ui/refusals";
import { useInLabel } from "./context";
import { isWebUrl } from "./web-url";
import { CHIP, textProp, TONE_PANEL } from "./props";
import { ViewNodes, type NodeProps } from "./view-nodes";

/**
 * Where a block's host links go, as the server resolved them: the links frozen when the reply became
 * final, and a way to ask again (`ui.link`) for a link the block's current values changed.
 */
export type BlockLinkSource = {
  frozen: BlockLinks;
  /** The block's input values now (`$name` keys), sent with a request so the server can check them. */
  values: Record<string, UiValue>;
  /** Null where the server no longer resolves the block's links (a reply that did not finish). */
  resolve: ((nodeId: string, values: Record<string, UiValue>) => Promise<LinkView>) | null;
};

export const BlockLinkContext = createContext<BlockLinkSource | null>(null);

const NOT_FINAL: LinkView = { href: null, reason: "Links open once the reply has finished." };
const UNFINISHED: LinkView = {
  href: null,
  reason: "This reply did not finish: its links open only as it first drew them.",
};
const RESOLVING: LinkView = { href: null, reason: "Finding where this link goes now…" };
const failed = (error: unknown): LinkView => ({
  href: null,
  reason: refusalSentence(error, "Where this link goes could not be found"),
});
// A changed value rests this long before its links are asked for, as a live block's inputs do.
const REST_MS = 300;

type Answer = { key: string; view: LinkView };

/** Where a link node goes: its frozen link while its props are those it was frozen with, else asked again. */
function useLink(node: NodeProps["node"]): LinkView {
  const source = useContext(BlockLinkContext);
  const frozen = source?.frozen[node.id];
  const current =
    frozen !== undefined &&
    frozen.type === node.type &&
    sameUiValue(frozen.props, node.props as UiValue)
      ? frozen
      : undefined;
  const asked = source !== null && current === undefined;
  // What an answer is for: the node, its props and the values they were drawn with.
  const key = asked ? JSON.stringify([node.id, node.props, source.values]) : "";
  const [answer, setAnswer] = useState<Answer | null>(null);
  const resolve = source?.resolve ?? null;
  useEffect(() => {
    if (!asked || resolve === null) return;
    let active = true;
    const timer = setTimeout(() => {
      resolve(node.id, source.values).then(
        (view) => active && setAnswer({ key, view }),
        (error: unknown) => active && setAnswer({ key, view: failed(error) }),
      );
    }, REST_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // `key` names everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (source === null) return NOT_FINAL;
  if (current !== undefined) return current;
  if (resolve === null) return UNFINISHED;
  return answer?.key === key ? answer.view : RESOLVING;
}

const ICONS: Record<string, string> = { File: "📄", Diff: "±", Commit: "⎇", Node: "◆" };

/**
 * A host link: a link that opens in a new tab when the server resolved an http(s) address for it,
 * else a plain chip whose reason is its tooltip and is read out after it. Inside a control's label
 * it stays a chip, since a link there would nest interactive content.
 */
function HostChip({
  kind,
  value,
  title,
  node,
}: {
  kind: string;
  value: ReactNode;
  title?: string;
  node: NodeProps["node"];
}) {
  const link = useLink(node);
  const inLabel = useInLabel();
  const href = !inLabel && isWebUrl(link.href ?? undefined) ? link.href : null;
  const content = (
    <>
      <span className="sr-only">{`${kind}: `}</span>
      <span aria-hidden="true" className="font-sans">
        {ICONS[kind]}
      </span>
      <span className="min-w-0 truncate">{value}</span>
    </>
  );
  const reason = href === null && link.reason ? link.reason : undefined;
  return (
    <span className="inline">
      {href !== null ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          title={title}
          className={`${CHIP} ${TONE_PANEL.info} font-mono underline`}
        >
          {content}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span
          className={`${CHIP} ${TONE_PANEL.neutral} font-mono`}
          title={[title, reason].filter(Boolean).join(" · ") || undefined}
        >
          {content}
          {reason && <span className="sr-only">{` (${reason})`}</span>}
        </span>
      )}
      {node.children.length > 0 && (
        <>
          {" "}
          <ViewNodes nodes={node.children} />
        </>
      )}
    </span>
  );
}

export function File({ node }: NodeProps) {
  const path = textProp(node, "path") ?? "";
  const line = textProp(node, "line");
  return <HostChip kind="File" node={node} value={line ? `${path}:${line}` : path} />;
}

export function Diff({ node }: NodeProps) {
  return <HostChip kind="Diff" node={node} value={textProp(node, "path") ?? ""} />;
}

export function Commit({ node }: NodeProps) {
  const sha = textProp(node, "sha") ?? "";
  return <HostChip kind="Commit" node={node} value={sha.slice(0, 7)} title={sha} />;
}

export function Node({ node }: NodeProps) {
  return <HostChip kind="Node" node={node} value={textProp(node, "id") ?? ""} />;
}
