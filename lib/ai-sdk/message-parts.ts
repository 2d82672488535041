import type { ChatView, ItemView, McpAppPart } from "@/lib/chat/wire";
import { appToolMetadata, toolPart } from "@/lib/chat/wire/mcp-app-tool";
import type { DynamicToolUIPart } from "ai";
import type {
  AnswerableDataTypes,
  AnswerableMessageMetadata,
  AnswerableUIMessage,
} from "./data-parts";

/** One part of a reply as an AI SDK message holds it, with the id its chunks name. */
export type MessageEntry =
  | { kind: "text"; id: string; text: string }
  | { kind: "tool"; id: string; part: McpAppPart }
  | {
      [Name in keyof AnswerableDataTypes]: {
        kind: "data";
        type: `data-${Name}`;
        id: string;
        data: AnswerableDataTypes[Name];
      };
    }[Exclude<keyof AnswerableDataTypes, "answer">];

/**
 * A reply's parts in the order it draws them: prose and fallbacks as text, blocks, frames and the
 * confirmations they proposed as data parts. A frame's placeholder is not drawn: the frame itself
 * takes its place when it arrives.
 */
export function replyEntries(item: ItemView): MessageEntry[] {
  const confirmations = Object.values(item.confirmations);
  const placed = new Set<string>();
  const entries = item.parts.flatMap((part, index): MessageEntry[] => {
    switch (part.kind) {
      case "text":
        return [{ kind: "text", id: `${item.id}:text:${index}`, text: part.text }];
      case "fallback":
        return [{ kind: "text", id: `${item.id}:text:${index}`, text: part.text }];
      case "placeholder":
        return [];
      case "mcp-app":
        return [{ kind: "tool", id: part.toolCallId, part }];
      case "diagnostic":
        return [
          {
            kind: "data",
            type: "data-diagnostic",
            id: `${item.id}:diagnostic:${index}`,
            data: { itemId: item.id, code: part.code, message: part.message },
          },
        ];
      case "block":
        return [blockEntry(item, part.blockId, part.fence ?? null)];
      case "component": {
        const proposed = confirmations.filter((each) => each.instanceId === part.instanceId);
        for (const each of proposed) placed.add(each.token);
        return [
          {
            kind: "data",
            type: "data-choice-list",
            id: `${item.id}:${part.instanceId}`,
            data: {
              itemId: item.id,
              frame: part,
              selection: item.selections[part.instanceId] ?? null,
            },
          },
          ...proposed.map((confirmation) => confirmationEntry(item.id, confirmation)),
        ];
      }
    }
  });
  const unplaced = confirmations.filter((each) => !placed.has(each.token));
  return [...entries, ...unplaced.map((confirmation) => confirmationEntry(item.id, confirmation))];
}

/** A message's metadata, read off its item. */
export function messageMetadata(item: ItemView): AnswerableMessageMetadata {
  return { status: item.status, position: item.position, revision: item.revision };
}

function blockEntry(item: ItemView, blockId: string, fence: string | null): MessageEntry {
  // While streaming, `blocks` holds nothing answerable: the fence is what there is to draw.
  const block = fence === null ? (item.blocks[blockId] ?? null) : null;
  return {
    kind: "data",
    type: "data-ui-block",
    id: blockId,
    data: {
      itemId: item.id,
      blockId,
      fence,
      block,
      revision: item.revision,
      answer: item.uiAnswers[blockId] ?? null,
      readings: item.readings[blockId] ?? {},
      links: item.links[blockId] ?? {},
    },
  };
}

function confirmationEntry(
  itemId: string,
  confirmation: ItemView["confirmations"][string],
): MessageEntry {
  return {
    kind: "data",
    type: "data-confirmation",
    id: confirmation.token,
    data: { itemId, confirmation },
  };
}

/**
 * A chat read from `GET /api/chats/:id` as `useChat`'s first messages. A reply still being written
 * is left out: `reconnectToStream` brings it whole, so nothing of it is drawn twice.
 */
export function toUIMessages(chat: ChatView): AnswerableUIMessage[] {
  return chat.items
    .filter((item) => item.parentToolUseId === null && item.status !== "streaming")
    .map((item) => ({
      id: item.id,
      role: item.role,
      metadata: messageMetadata(item),
      parts: replyEntries(item).map((entry) =>
        entry.kind === "text"
          ? { type: "text", text: entry.text, state: "done" }
          : entry.kind === "tool"
            ? toolPart(entry.part)
            : { type: entry.type, id: entry.id, data: entry.data },
      ) as AnswerableUIMessage["parts"],
    }));
}

/**
 * A reply of `useChat` as the chat's item it came from, built from its data parts and metadata:
 * what the app's block and frame renderers (`BlockPart`, `ComponentPartView`) draw and answer.
 */
export function itemOfMessage(message: AnswerableUIMessage): ItemView {
  const item: ItemView = {
    id: message.id,
    position: message.metadata?.position ?? 0,
    role: message.role === "user" ? "user" : "assistant",
    status: message.metadata?.status ?? "complete",
    parts: [],
    blocks: {},
    revision: message.metadata?.revision ?? 0,
    origin: null,
    parentToolUseId: null,
    createdAt: "",
    completedAt: null,
    selections: {},
    confirmations: {},
    uiAnswers: {},
    mcpAppAnswers: {},
    readings: {},
    links: {},
  };
  for (const part of message.parts) {
    if (part.type === "text") item.parts.push({ kind: "text", text: part.text });
    else if (part.type === "data-ui-block") {
      const { blockId, fence, block, answer, readings, links } = part.data;
      item.parts.push(
        fence === null ? { kind: "block", blockId } : { kind: "block", blockId, fence },
      );
      if (block) item.blocks[blockId] = block;
      if (answer) item.uiAnswers[blockId] = answer;
      item.readings[blockId] = readings;
      item.links[blockId] = links;
    } else if (part.type === "data-choice-list") {
      item.parts.push(part.data.frame);
      if (part.data.selection) item.selections[part.data.frame.instanceId] = part.data.selection;
    } else if (part.type === "data-confirmation") {
      item.confirmations[part.data.confirmation.token] = part.data.confirmation;
    } else if (part.type === "dynamic-tool") {
      const app = appPartOfTool(part);
      if (app) item.parts.push(app);
    }
  }
  return item;
}

/**
 * `messages` with an answer recorded on one of them applied, as `onData` receives it (a
 * transient `data-answer` part) while another reply streams: the part it answers is replaced.
 */
export function withAnswer(
  messages: AnswerableUIMessage[],
  answer: AnswerableDataTypes["answer"],
): AnswerableUIMessage[] {
  return messages.map((message) => {
    if (message.id !== answer.itemId) return message;
    const parts = message.parts.map((part) => {
      if (answer.kind === "block" && part.type === "data-ui-block")
        return part.data.blockId === answer.answer.blockId
          ? { ...part, data: { ...part.data, answer: answer.answer } }
          : part;
      if (answer.kind === "selection" && part.type === "data-choice-list")
        return part.data.frame.instanceId === answer.selection.instanceId
          ? { ...part, data: { ...part.data, selection: answer.selection } }
          : part;
      if (answer.kind === "confirmation" && part.type === "data-confirmation")
        return part.data.confirmation.token === answer.confirmation.token
          ? { ...part, data: { ...part.data, confirmation: answer.confirmation } }
          : part;
      return part;
    });
    const known = parts.some(
      (part) =>
        part.type === "data-confirmation" &&
        answer.kind === "confirmation" &&
        part.data.confirmation.token === answer.confirmation.token,
    );
    // A handle proposed by a pick on this reply is new to it: it joins the reply's parts.
    if (answer.kind === "confirmation" && !known)
      parts.push({
        type: "data-confirmation",
        id: answer.confirmation.token,
        data: { itemId: answer.itemId, confirmation: answer.confirmation },
      });
    return { ...message, parts };
  });
}

/** The stored part back from a `dynamic-tool` part that carries one; null for any other tool. */
function appPartOfTool(part: DynamicToolUIPart): McpAppPart | null {
  const meta = part.toolMetadata as Partial<ReturnType<typeof appToolMetadata>> | undefined;
  if (part.state !== "output-available" || !meta?.app || typeof meta.server !== "string")
    return null;
  return {
    kind: "mcp-app",
    toolCallId: part.toolCallId,
    server: meta.server,
    toolName: part.toolName,
    resourceUri: meta.app.resourceUri,
    input: part.input as McpAppPart["input"],
    result: part.output as McpAppPart["result"],
    fallback: meta.fallback ?? "",
  };
}
