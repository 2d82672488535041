"use client";

import { UiBlockView, type UiBlockAnswer } from "@/components/blocks/ui-block-view";
import type { UiBlock } from "@/lib/intelligent-ui";

type Props = {
  chatId: string;
  itemId: string;
  block: UiBlock & { revision: number };
  answer: UiBlockAnswer | null;
};

/** A stored block, drawn with its own state; a pick sends ids and values, never a label or a context. */
export function ReplyBlock({ chatId, itemId, block, answer }: Props) {
  return (
    <UiBlockView
      block={block}
      answer={answer}
      closedReason={null}
      renderTime={(iso) => <time dateTime={iso}>{new Date(iso).toLocaleTimeString()}</time>}
      onChoose={async ({ choiceId, values }) => {
        const response = await fetch(`/api/chats/${chatId}/ui-choices`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            itemId,
            blockId: block.id,
            revision: block.revision,
            choiceId,
            values,
          }),
        });
        if (response.ok) return { ok: true };
        const { message } = (await response.json()) as { message: string };
        return { ok: false, message };
      }}
    />
  );
}
