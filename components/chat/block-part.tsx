"use client";

import { useCallback, useMemo, useState } from "react";
import { z } from "zod";
import { carriedInputs } from "@/components/blocks/carried-inputs";
import { BlockLinkContext, type BlockLinkSource } from "@/components/blocks/links";
import { UiBlockView } from "@/components/blocks/ui-block-view";
import { ErrorNote } from "@/components/ui/error-note";
import { LocalTime } from "@/components/ui/local-time";
import { ApiError, postJson } from "@/lib/chat/wire/client-api";
import { type ItemView, uiAnswerViewSchema } from "@/lib/chat/wire";
import { linkViewSchema } from "@/lib/links/resolve";
import { sameUiValue, UiState, uiInputValues, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { useChatActions } from "./chat-actions";
import { AnsweredStatus, answeredData, LiveStatus } from "./live-status";
import { useLiveReadings } from "./use-live-readings";
import { useVisible } from "./use-visible";

const answerResponseSchema = z.object({ status: z.enum(["sent", "queued"]), answer: uiAnswerViewSchema });

/** What a refusal means for the person, and what they can do next, per stable code. */
const REFUSALS: Record<string, string> = {
  "stale-ui-block": "This block changed after your page drew it. The current version is shown now; check it and pick again.",
  "stale-ui-query": "The live data changed since it was read. It is being read again; pick again once it has arrived.",
  "ui-already-answered": "This block was already answered, in another tab or by another viewer. The answer is shown above.",
  "ui-block-not-found": "This block is no longer in the chat. Reload the page to see the chat as it is.",
  refused_choice: "That choice is not open on the block as it stands. Check the block and pick again.",
  refused_binding: "The block's values could not be matched to its controls. Reload the page and pick again.",
  invalid_value: "The block's values are not ones its controls offer. Reset the block and pick again.",
  budget_exceeded: "This block is too large to check. Ask the agent for a smaller one.",
  "chat-not-found": "This chat is not yours or no longer exists.",
};

const NO_READINGS: ItemView["readings"][string] = {};

// A pick on a revision the reply no longer has: it was written again (Regenerate or Retry,
// perhaps in another tab) before the pick arrived.
const REWRITTEN = "This reply was written again, in another tab or by another viewer, so your pick was not sent. The new version is shown now, with your inputs kept where it still has them; check it and pick again.";

function refusalMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return "The choice could not be sent. Check your connection and try again.";
  if (error.code === "stale-ui-block" && error.reason === "revision") return REWRITTEN;
  // A source that refused the pick said why in its own words: shown as they are.
  if (error.code === "source-refused") return error.message;
  return REFUSALS[error.code] ?? "The choice could not be sent. Check your connection and try again.";
}

/** The inputs the person changed from the block's defaults: only these are carried to a new revision. */
function edited(block: UiBlock, values: Record<string, UiValue>): Record<string, UiValue> {
  const defaults = uiInputValues(block, new UiState(block));
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !Object.hasOwn(defaults, name) || !sameUiValue(value, defaults[name]!)));
}

/** Why a block's choices are closed, or null when they are open. */
function closedReason(item: ItemView): string | null {
  if (item.status === "streaming") return "Choices open when the reply has finished.";
  if (item.parentToolUseId !== null) return "A subagent wrote this block: it is here to read, not to answer.";
  if (item.status === "stopped") return "You stopped this reply before it finished. Retry it to answer its blocks.";
  if (item.status !== "complete") return "This reply did not finish. Retry it to answer its blocks.";
  return null;
}

/**
 * The picked Choice closes once the answer is sent; focus moves to the block's status line, which
 * says what was sent, instead of falling to the page.
 */
function keepFocus(blockId: string) {
  requestAnimationFrame(() => {
    const status = document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(blockId)}"] [role="status"]`);
    if (!status || !(document.activeElement === document.body || document.activeElement?.matches(":disabled"))) return;
    status.tabIndex = -1;
    status.focus();
  });
}

/** An intelligent-ui block in a reply, answered through `chat.uiChoice`. */
export function BlockPart({ item, chatId, blockId }: { item: ItemView; chatId: string; blockId: string }) {
  // The pick refused as stale: once a newer revision is drawn, it says why the block changed and
  // starts from the inputs the person had set, where the new block still has them.
  const [stale, setStale] = useState<Stale | null>(null);
  const block = item.blocks[blockId];
  if (!block) {
    return (
      <p className="rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        A block is arriving…
      </p>
    );
  }
  const replaced = stale !== null && item.revision > stale.revision ? stale : null;
  // A new revision starts over: its readings belong to the old block, and so do inputs not carried.
  return <ChatBlock key={`${blockId}:${item.revision}`} item={item} chatId={chatId} block={block} replaced={replaced} onStale={setStale} />;
}

/** A pick refused as `stale-ui-block`: on which revision, why (in words), and the inputs it sent. */
type Stale = { revision: number; message: string; values: Record<string, UiValue> };

type ChatBlockProps = {
  item: ItemView;
  chatId: string;
  block: UiBlock;
  /** This block replaced the one a pick was refused on: the refusal is said again under it. */
  replaced: Stale | null;
  onStale: (stale: Stale | null) => void;
};

function ChatBlock({ item, chatId, block, replaced, onStale }: ChatBlockProps) {
  const answer = item.uiAnswers[block.id] ?? null;
  const { resync } = useChatActions();
  // Read once, as the block's state starts: what the person had set on the block this one replaced.
  const [carried] = useState(() => (replaced ? carriedInputs(block, replaced.values) : undefined));
  const [inputs, setInputs] = useState<Record<string, UiValue>>({});
  const onInputs = useCallback((next: Record<string, UiValue>) => setInputs((current) => (sameUiValue(current, next) ? current : next)), []);
  const [ref, visible] = useVisible<HTMLDivElement>();
  const frozen = item.readings[block.id] ?? NO_READINGS;
  const live = useLiveReadings({
    chatId,
    itemId: item.id,
    revision: item.revision,
    block,
    frozen,
    inputs,
    visible,
    // Live data is read for a finished reply; an answered block keeps what it was answered on.
    enabled: item.status === "complete" && answer === null,
  });

  // A finished reply's links: frozen with it, and asked for again when the block's values change one.
  const frozenLinks = item.links[block.id];
  const links = useMemo<BlockLinkSource | null>(
    () =>
      item.status === "streaming"
        ? null
        : {
            frozen: frozenLinks ?? {},
            values: inputs,
            // Only a finished reply's stored block is drawn again by the server.
            resolve:
              item.status === "complete"
                ? async (nodeId, values) =>
                    linkViewSchema.parse(await postJson(`/api/chats/${chatId}/ui-links`, { itemId: item.id, blockId: block.id, revision: item.revision, nodeId, values }))
                : null,
          },
    [item.status, item.id, item.revision, frozenLinks, inputs, chatId, block.id],
  );

  async function choose({ choiceId, values }: { choiceId: string; values: Record<string, UiValue> }) {
    onStale(null);
    try {
      const body = { itemId: item.id, blockId: block.id, revision: item.revision, choiceId, values, reads: live.reads };
      answerResponseSchema.parse(await postJson(`/api/chats/${chatId}/ui-choices`, body));
      keepFocus(block.id);
      return { ok: true as const };
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      if (code === "stale-ui-query") live.refresh();
      const message = refusalMessage(error);
      if (code === "stale-ui-block") {
        // The page is behind the chat: it reads the chat now rather than wait for the stream, so
        // the current version is drawn when the refusal says it is.
        onStale({ revision: item.revision, message, values: edited(block, values) });
        await resync();
      }
      return { ok: false as const, message };
    }
  }

  const hasQueries = Object.keys(block.queries).length > 0;
  // An answered block draws the data it was answered on, everywhere and for good; only an open one is live.
  const answered = useMemo(() => (answer === null ? null : answeredData(answer, frozen)), [answer, frozen]);
  const ordinal = item.parts.filter((part) => part.kind === "block").findIndex((part) => part.blockId === block.id) + 1;
  const current = hasQueries && item.status === "complete" && answer === null;
  // While live data is being read, or after a read failed, what the block shows is the last good reading: muted.
  const reading = current && live.reason !== null;
  const muted = current && live.muted;
  return (
    <div ref={ref} data-revision={item.revision} aria-busy={reading || undefined} data-muted={muted || undefined} className="space-y-2 data-muted:[&_table]:opacity-60">
      <BlockLinkContext value={links}>
        <UiBlockView
          block={block}
          answer={answer}
          closedReason={closedReason(item) ?? (hasQueries ? live.reason : null)}
          onChoose={choose}
          renderTime={(iso) => <LocalTime iso={iso} />}
          queries={answered?.values ?? live.values}
          onInputs={onInputs}
          initialValues={carried}
          liveStatus={!hasQueries ? undefined : answered ? <AnsweredStatus readAt={answered.readAt} quoted={answered.quoted} /> : <LiveStatus latest={live.latest} />}
          streaming={item.status === "streaming"}
          untitledName={`Interactive block ${Math.max(ordinal, 1)}, message ${item.position}`}
        />
      </BlockLinkContext>
      {replaced && <ErrorNote>{replaced.message}</ErrorNote>}
    </div>
  );
}
