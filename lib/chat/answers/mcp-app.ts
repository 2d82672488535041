import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import { chatTransaction } from "../store/chats";
import { writeChat } from "../store/log";
import {
  type AnswerableMcpApp,
  lockAnswerableMcpApp,
  type McpAppTarget,
  storeModelContext,
} from "../store/mcp-apps";
import { sendOrQueue } from "../store/turns";
import { toMcpAppAnswerView } from "../store/views";
import { joinTextBlocks, type McpAppContextBody, type McpAppMessageBody } from "../wire/requests";
import { MAX_MCP_APP_CONTEXT_BYTES } from "../wire/limits";
import type { McpAppAnswerView } from "../wire";

// An MCP App view's requests to its host (decision 034): `ui/message`, answered once per view and
// sent as the person's message, and `ui/update-model-context`, kept for the agent's next turn.

export type McpAppMessageRequest = McpAppTarget & Omit<McpAppMessageBody, "itemId" | "toolCallId">;

export type McpAppMessageOutcome = { status: "sent" | "queued"; answer: McpAppAnswerView };

/**
 * A view's `ui/message`: one transaction, under the chat's lock, in the order below; any refusal
 * throws before anything is written.
 */
export async function answerMcpAppMessage(
  request: McpAppMessageRequest,
): Promise<McpAppMessageOutcome> {
  const text = joinTextBlocks(request.message.content);
  return chatTransaction(async (tx) => {
    // 1. Find the view under the chat's lock, with its answer.
    const { lock, ...found } = await lockAnswerableMcpApp(tx, request);

    // 2. Only a finished, top-level reply (at the revision the page drew) holding the view answers.
    checkAnswerable(found, request.revision);

    // 3. An answered view answers its first message again, and refuses any other.
    if (found.answer) {
      const answer = toMcpAppAnswerView(found.answer);
      if (answer.text !== text)
        throw new AppError(
          "mcp-app-already-answered",
          `This view was already answered with “${clip(answer.text)}”.`,
        );
      return { status: answer.queued ? "queued" : "sent", answer };
    }

    // 4. Send the text as the person's message, or queue it behind a running reply, and record the
    //    answer with it: one append, one commit.
    const at = new Date();
    const { itemId, toolCallId } = request;
    const origin = {
      kind: "mcpApp" as const,
      itemId,
      toolCallId,
      toolName: found.part!.toolName,
      at: at.toISOString(),
    };
    const sent = await sendOrQueue(lock, { text, origin });
    const answer = {
      id: randomUUID(),
      itemId,
      toolCallId,
      text,
      queued: sent.status === "queued",
      turnId: sent.turnId,
      messageId: sent.itemId,
      queuedId: sent.queuedId,
      at,
    };
    const recorded = toMcpAppAnswerView(answer);
    await writeChat(lock, {
      events: [{ type: "mcp-app.answered", itemId, answer: recorded }, ...sent.events],
      writes: [{ kind: "mcpAppAnswer", answer }, ...sent.writes],
      chat: sent.chat,
    });
    return { status: sent.status, answer: recorded };
  });
}

const STALE_REASONS = {
  streaming: "This reply is still being written; its app's view answers when it finishes.",
  subagent: "A subagent wrote this reply; its app's view can be read but not answered.",
  unfinished: "This reply did not finish; retry it to get a view that can answer.",
  revision: "This reply was written again since your page drew it; the new version is shown now.",
} as const;

function checkAnswerable(found: AnswerableMcpApp, revision: number | undefined): void {
  const stale = (reason: keyof typeof STALE_REASONS) =>
    new AppError("stale-mcp-app", STALE_REASONS[reason], reason);
  if (found.status === null) throw viewNotFound();
  if (found.status === "streaming") throw stale("streaming");
  if (found.parentToolUseId !== null) throw stale("subagent");
  if (found.status !== "complete") throw stale("unfinished");
  if (revision !== undefined && found.revision !== revision) throw stale("revision");
  if (found.part === null) throw viewNotFound();
}

function viewNotFound(): AppError {
  return new AppError("mcp-app-not-found", "This reply holds no app view of that tool call.");
}

/** Enough of an earlier answer to recognise it. */
function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export type McpAppContextRequest = McpAppTarget & Omit<McpAppContextBody, "itemId" | "toolCallId">;

/** A view's `ui/update-model-context`: its last context replaced, for the agent's next turn. */
export async function updateMcpAppContext(
  request: McpAppContextRequest,
): Promise<{ updatedAt: string }> {
  const { content, structuredContent } = request;
  const context = { content, structuredContent };
  if (contextBytesOver(context, MAX_MCP_APP_CONTEXT_BYTES))
    throw new AppError(
      "mcp-app-context-too-large",
      `A view's context holds at most ${MAX_MCP_APP_CONTEXT_BYTES} bytes of JSON.`,
    );
  const updatedAt = await storeModelContext({ ...request, context });
  if (updatedAt === null) throw viewNotFound();
  return { updatedAt: updatedAt.toISOString() };
}

/**
 * Whether the context's JSON is longer than `max` bytes. A walk without recursion first counts at
 * least a byte a value, so a value nested past what `JSON.stringify` can hold is refused, not thrown.
 */
export function contextBytesOver(value: unknown, max: number): boolean {
  let least = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    least += typeof next === "string" ? next.length + 1 : 1;
    if (Array.isArray(next)) pending.push(...next);
    else if (typeof next === "object" && next !== null)
      for (const [key, inner] of Object.entries(next)) {
        least += key.length;
        pending.push(inner);
      }
    if (least > max) return true;
  }
  return Buffer.byteLength(JSON.stringify(value) ?? "") > max;
}
