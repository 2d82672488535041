import "server-only";
import type { UiNode } from "@/lib/intelligent-ui";
import type { ItemView } from "@/lib/chat/wire";
import { inlineMarkup } from "@/components/blocks/inline-markup";
import InlineMarkdownText from "@/components/blocks/inline-markdown-text";
import type { Drawn } from "./drawn-context";
import { MarkdownText } from "./markdown-text";

/** The text runs of a block's tree, every branch of it (an answer may draw another branch). */
function* textRuns(nodes: readonly UiNode[]): Generator<string> {
  for (const node of nodes) {
    if (node.type === "text" && node.text !== undefined) yield node.text;
    yield* textRuns(node.children);
  }
}

/** The finished messages of a page drawn here, for `DrawnText` to hand the browser. */
export function drawFinishedText(items: readonly ItemView[]): Drawn {
  const finished = items.filter((item) => item.status !== "streaming");
  const texts = new Set(
    finished.flatMap((item) =>
      item.parts.flatMap((part) => (part.kind === "text" ? [part.text] : [])),
    ),
  );
  const inline = new Set(
    finished.flatMap((item) =>
      Object.values(item.blocks).flatMap((block) =>
        [...textRuns(block.nodes)].flatMap((run) => inlineMarkup(run)?.core ?? []),
      ),
    ),
  );
  return {
    text: [...texts].map((text) => [text, <MarkdownText key={text} source={text} />]),
    inline: [...inline].map((core) => [
      core,
      <InlineMarkdownText key={core} source={core} inLabel={false} />,
    ]),
    inlineLabel: [...inline].map((core) => [
      core,
      <InlineMarkdownText key={core} source={core} inLabel />,
    ]),
  };
}
