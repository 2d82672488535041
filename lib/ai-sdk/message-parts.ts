import type { ChatView, ItemView } from "@/lib/chat/wire";
import type { AnswerableDataTypes, AnswerableUIMessage } from "./data-parts";

/** One part of a reply as an AI SDK message holds it, with the id its chunks name. */
export type MessageEntry =
  | { kind: "text"; id: string; text: string }
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
      parts: replyEntries(item).map((entry) =>
        entry.kind === "text"
          ? { type: "text", text: entry.text, state: "done" }
          : { type: entry.type, id: entry.id, data: entry.data },
      ) as AnswerableUIMessage["parts"],
    }));
}
