import "server-only";
import { randomUUID } from "node:crypto";
import { answerHostRoute, type RouteReply } from "./host-routes";
import { replyHistoryText, viewContextLines } from "../reply/build";
import { writeClaim } from "../store/log";
import { readWaitingTurn } from "../store/turns";
import { toItemView } from "../store/views";
import { readOrigin, storedBlocksSchema } from "../wire";

export type Claim = {
  chatId: string;
  /** Live sources authorise the first readings for the chat's owner. */
  visitorId: string;
  turnId: string;
  itemId: string;
  /** With the preamble of a picked choice. */
  message: string;
  route: RouteReply | null;
  history: { role: "user" | "assistant"; content: string }[];
};

const CHOICE_PREAMBLE = (label: string) =>
  `The person chose "${label}" from your UI reply; their message is the visible context of that choice.`;
const VIEW_PREAMBLE = (toolName: string) =>
  `The person answered in the view of your ${toolName} tool; their message is what the view sent.`;

/** A read, then a write only if the log has not moved (`writeClaim`); a moved log reads again. Null when no turn waits. */
export async function claimTurn(chatId: string): Promise<Claim | null> {
  for (;;) {
    const waiting = await readWaitingTurn(chatId);
    if (!waiting) return null;
    const { chat, turn, trigger, restart } = waiting;
    const itemId = restart?.id ?? randomUUID();
    // The empty reply is its first snapshot: its streamed events all come after it.
    const reply = {
      status: "streaming" as const,
      content: "",
      parts: [],
      blocks: null,
      completedAt: null,
    };
    const position = restart?.position ?? chat.lastPosition + 1;
    const view = toItemView({
      id: itemId,
      position,
      role: "assistant",
      revision: restart?.revision ?? 0,
      origin: restart?.origin ?? null,
      parentToolUseId: restart?.parentToolUseId ?? null,
      createdAt: restart?.createdAt ?? new Date(),
      ...reply,
    });
    const events = [{ type: restart ? "item.restarted" : "item.created", item: view } as const];
    const write = {
      chatId,
      seen: chat.lastEventSeq,
      turnId: turn.id,
      itemId,
      position,
      createdAt: new Date(view.createdAt),
      restart: restart !== null,
    };
    if (!(await writeClaim(write, events))) continue;
    const origin = readOrigin(trigger.origin);
    // A confirmation's outcome is the host's own report; a pick needs the preamble to be read as one.
    const preamble =
      origin === null || origin.kind === "confirmation"
        ? null
        : origin.kind === "mcpApp"
          ? VIEW_PREAMBLE(origin.toolName)
          : CHOICE_PREAMBLE(origin.label);
    const message = preamble === null ? trigger.content : `${preamble}\n\n${trigger.content}`;
    // Host routes answer what a person typed or a granted alias, never text a model-authored choice put in their mouth.
    const route =
      origin === null || (origin.kind === "frame" && origin.granted)
        ? answerHostRoute(trigger.content)
        : null;
    const history = waiting.earlier.map((item) => ({
      role: item.role,
      content:
        item.role === "assistant"
          ? replyHistoryText(item.content, storedBlocksSchema.parse(item.blocks ?? [])) +
            viewContextLines(item.contexts ?? [])
          : item.content,
    }));
    return { chatId, visitorId: chat.visitorId, turnId: turn.id, itemId, message, route, history };
  }
}
