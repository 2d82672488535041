"use client";

import { useCallback, useMemo, useState } from "react";
import { BlockStatus } from "@/components/blocks/block-status";
import { closedReason } from "@/components/chat/block-choice";
import { OLDER_VERSION_NOTE, useOlderVersion } from "@/components/chat/older-version";
import { READ_ONLY_REASON, useReadOnly } from "@/components/chat/read-only";
import { ErrorNote } from "@/components/ui/error-note";
import { LocalTime } from "@/components/ui/local-time";
import { refusalSentence } from "@/components/ui/refusals";
import type { ItemView, McpAppPart } from "@/lib/chat/wire";
import { postJson } from "@/lib/chat/wire/client-api";
import type { McpAppMessageOutcome, McpAppToolResult } from "@/lib/chat/wire/responses";
import { withoutHandle } from "./tool-result";
import {
  McpAppView,
  type McpAppMessage,
  type McpAppModelContext,
  type McpAppToolCall,
} from "./app-view";

/**
 * An MCP App's view in a reply, answered once: its `ui/message` goes to the host's route, which
 * sends it as the person's next message or queues it, once per view. Answered (here, in another
 * tab, before a reload), the view is told so in its host context, and the answer's text and time
 * are drawn over it, which closes it, for a view that ignores what it is told.
 */
export function McpAppPartView({
  part,
  item,
  chatId,
}: {
  part: McpAppPart;
  item: ItemView;
  /** The chat's id, or on a shared copy the link's token (the page names the chat by it). */
  chatId: string;
}) {
  const readOnly = useReadOnly();
  const older = useOlderVersion();
  const recorded = item.mcpAppAnswers[part.toolCallId] ?? null;
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closed =
    (older ? OLDER_VERSION_NOTE : closedReason(item)) ?? (readOnly ? READ_ONLY_REASON : null);
  const open = recorded === null && closed === null;

  const view = `/api/chats/${chatId}`;
  const onMessage = useCallback(
    async ({ message }: { message: McpAppMessage }) => {
      setSending(messageText(message));
      setError(null);
      try {
        await postJson<McpAppMessageOutcome>(`${view}/mcp-app-messages`, {
          itemId: item.id,
          toolCallId: part.toolCallId,
          revision: item.revision,
          message,
        });
        return {};
      } catch (refused) {
        setError(refusalSentence(refused, "The app's answer was not sent"));
        return { isError: true };
      } finally {
        setSending(null);
      }
    },
    [view, item.id, item.revision, part.toolCallId],
  );
  const onModelContext = useCallback(
    async ({ context }: { context: McpAppModelContext }) => {
      // Refused, the view's request fails and the view hears why; the person has nothing to do.
      await postJson(`${view}/mcp-app-context`, {
        itemId: item.id,
        toolCallId: part.toolCallId,
        ...(context as object),
      });
    },
    [view, item.id, part.toolCallId],
  );
  const onCallTool = useCallback(
    async ({ call }: { call: McpAppToolCall }) =>
      withoutHandle(
        await postJson<McpAppToolResult>(`${view}/mcp-app-tool-calls`, {
          itemId: item.id,
          toolCallId: part.toolCallId,
          name: call.name,
          arguments: call.arguments ?? {},
        }),
      ),
    [view, item.id, part.toolCallId],
  );
  const answered = useMemo(
    () => (recorded ? { text: recorded.text, at: recorded.answeredAt } : undefined),
    [recorded],
  );
  const seams = useMemo(
    () => (open ? { onMessage, onModelContext, onCallTool, answered } : { answered }),
    [open, onMessage, onModelContext, onCallTool, answered],
  );
  const resource = `${readOnly ? `/api/shares/${chatId}` : view}/items/${item.id}/mcp-apps/${encodeURIComponent(part.toolCallId)}/resource`;
  const answer = recorded && {
    label: recorded.text,
    at: recorded.answeredAt,
    queued: recorded.queued,
  };

  return (
    <div className="space-y-2">
      <div className="relative">
        {/* Closed, the view takes no click or key: what it would send now would be refused. */}
        <div inert={!open}>
          <McpAppView part={part} resource={resource} seams={seams} />
        </div>
        {answer && (
          <div className="absolute inset-x-0 bottom-0 rounded-b-md border-t border-zinc-300 bg-zinc-50 px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900">
            <BlockStatus
              answer={answer}
              pending={null}
              closed={null}
              renderTime={(iso) => <LocalTime iso={iso} />}
            />
          </div>
        )}
      </div>
      {!answer && (
        <BlockStatus
          answer={null}
          pending={sending === null ? null : { label: sending, sent: false }}
          closed={closed}
          renderTime={(iso) => <LocalTime iso={iso} />}
        />
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}

/** The text a view's message carries, as the person will read it; the route checks the rest. */
function messageText(message: McpAppMessage): string {
  const content = (message as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((block: { type?: unknown; text?: unknown } | null) =>
      block?.type === "text" && typeof block.text === "string" ? [block.text] : [],
    )
    .join("\n\n");
}
