"use client";

import { useCallback, useMemo, useState } from "react";
import { carriedInputs } from "@/components/blocks/carried-inputs";
import { BlockLinkContext } from "@/components/blocks/links";
import { UiBlockView } from "@/components/blocks/ui-block-view";
import { ErrorNote } from "@/components/ui/error-note";
import { LocalTime } from "@/components/ui/local-time";
import type { ItemView } from "@/lib/chat/wire";
import { sameUiValue, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { closedReason, type Stale, untitledBlockName } from "./block-choice";
import { AnsweredStatus, answeredData, LiveStatus } from "./live-status";
import { OLDER_VERSION_NOTE, useOlderVersion } from "./older-version";
import { useBlockChoose } from "./use-block-choose";
import { useFencePreview } from "./use-fence-preview";
import { useBlockLinks } from "./use-block-links";
import { useLiveReadings } from "./use-live-readings";
import { READ_ONLY_REASON, useReadOnly } from "./read-only";
import { useVisible } from "./use-visible";

const NO_READINGS: ItemView["readings"][string] = {};

/** An intelligent-ui block in a reply, answered through `chat.uiChoice`. */
export function BlockPart({
  item,
  chatId,
  blockId,
  fence,
}: {
  item: ItemView;
  chatId: string;
  blockId: string;
  fence?: string;
}) {
  // The pick refused as stale: once a newer revision is drawn, it says why the block changed and
  // starts from the inputs the person had set, where the new block still has them.
  const [stale, setStale] = useState<Stale | null>(null);
  // The stored block once the reply ends; until then, the page's own preview of the fence so far.
  const stored = item.blocks[blockId];
  const preview = useFencePreview(blockId, stored ? undefined : fence);
  const block = stored ?? preview;
  if (!block) {
    return (
      <p className="rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        A block is arriving…
      </p>
    );
  }
  const replaced = stale !== null && item.revision > stale.revision ? stale : null;
  // A new revision starts over: its readings belong to the old block, and so do inputs not carried.
  return (
    <ChatBlock
      key={`${blockId}:${item.revision}`}
      item={item}
      chatId={chatId}
      block={block}
      replaced={replaced}
      onStale={setStale}
    />
  );
}

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
  // Read once, as the block's state starts: what the person had set on the block this one replaced.
  const [carried] = useState(() => (replaced ? carriedInputs(block, replaced.values) : undefined));
  const [inputs, setInputs] = useState<Record<string, UiValue>>({});
  const onInputs = useCallback(
    (next: Record<string, UiValue>) =>
      setInputs((current) => (sameUiValue(current, next) ? current : next)),
    [],
  );
  const [ref, visible] = useVisible<HTMLDivElement>();
  const readOnly = useReadOnly();
  const frozen = item.readings[block.id] ?? NO_READINGS;
  const older = useOlderVersion();
  // Live data is read for a finished reply's newest version, never on a shared copy; an answered block keeps what it was answered on.
  const enabled = item.status === "complete" && answer === null && !older && !readOnly;
  const live = useLiveReadings({
    chatId,
    itemId: item.id,
    revision: item.revision,
    block,
    frozen,
    inputs,
    visible,
    enabled,
  });
  const links = useBlockLinks(item, block.id, chatId, inputs);
  const choose = useBlockChoose({ item, chatId, block, live, onStale });

  const hasQueries = Object.keys(block.queries).length > 0;
  // An answered block draws the data it was answered on, everywhere and for good; only an open one is live.
  const answered = useMemo(
    () => (answer === null ? null : answeredData(answer, frozen)),
    [answer, frozen],
  );
  // While live data is being read, or after a read failed, what the block shows is the last good reading: muted.
  const current = hasQueries && enabled;
  return (
    <div
      ref={ref}
      data-revision={item.revision}
      aria-busy={(current && live.reason !== null) || undefined}
      data-muted={(current && live.muted) || undefined}
      className="space-y-2 data-muted:[&_table]:opacity-60"
    >
      <BlockLinkContext value={links}>
        <UiBlockView
          block={block}
          answer={answer}
          closedReason={
            (older ? OLDER_VERSION_NOTE : closedReason(item)) ??
            (readOnly ? READ_ONLY_REASON : hasQueries ? live.reason : null)
          }
          onChoose={readOnly ? undefined : choose}
          locked={readOnly}
          renderTime={(iso) => <LocalTime iso={iso} />}
          queries={answered?.values ?? live.values}
          onInputs={onInputs}
          initialValues={carried}
          liveStatus={
            !hasQueries ? undefined : answered ? (
              <AnsweredStatus readAt={answered.readAt} quoted={answered.quoted} />
            ) : (
              <LiveStatus
                latest={live.latest}
                inFlight={live.reading}
                readAgain={enabled ? live.readAgain : undefined}
              />
            )
          }
          streaming={item.status === "streaming"}
          untitledName={untitledBlockName(item, block.id)}
        />
      </BlockLinkContext>
      {replaced && <ErrorNote>{replaced.message}</ErrorNote>}
    </div>
  );
}
