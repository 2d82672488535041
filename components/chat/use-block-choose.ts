"use client";

import type { UiChooseResult } from "@/components/blocks/ui-block-view";
import { ApiError, postJson } from "@/lib/chat/wire/client-api";
import type { ItemView } from "@/lib/chat/wire";
import type { UiChoiceOutcome } from "@/lib/chat/wire/responses";
import type { UiBlock, UiValue } from "@/lib/intelligent-ui";
import { editedInputs, refusalMessage, type Stale } from "./block-choice";
import { useChatActions } from "./chat-actions";
import type { LiveReadings } from "./use-live-readings";

/** The picked Choice closes once sent; focus moves to the block's status line, which says what was sent. */
function focusStatus(blockId: string) {
  requestAnimationFrame(() => {
    const status = document.querySelector<HTMLElement>(
      `[data-block-id="${CSS.escape(blockId)}"] [role="status"]`,
    );
    if (
      !status ||
      !(document.activeElement === document.body || document.activeElement?.matches(":disabled"))
    )
      return;
    status.tabIndex = -1;
    status.focus();
  });
}

type Choose = {
  item: ItemView;
  chatId: string;
  block: UiBlock;
  live: LiveReadings;
  onStale: (stale: Stale | null) => void;
};

/** A pick on a chat block, sent as `chat.uiChoice` with the live readings it was made on. */
export function useBlockChoose({ item, chatId, block, live, onStale }: Choose) {
  const { resync } = useChatActions();
  return async function choose({
    choiceId,
    values,
  }: {
    choiceId: string;
    values: Record<string, UiValue>;
  }): Promise<UiChooseResult> {
    onStale(null);
    try {
      const body = {
        itemId: item.id,
        blockId: block.id,
        revision: item.revision,
        choiceId,
        values,
        reads: live.reads,
      };
      await postJson<UiChoiceOutcome>(`/api/chats/${chatId}/ui-choices`, body);
      focusStatus(block.id);
      return { ok: true };
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      if (code === "stale-ui-query") live.refresh();
      const message = refusalMessage(error);
      if (code === "stale-ui-block") {
        // The page reads the chat now rather than wait for the stream, so the current version is
        // drawn when the refusal says it is.
        onStale({ revision: item.revision, message, values: editedInputs(block, values) });
        await resync();
      }
      return { ok: false, message };
    }
  };
}
