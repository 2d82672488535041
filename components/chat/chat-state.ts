import type { ChatEvent, ChatView, EarlierItems } from "@/lib/chat/wire";
import {
  addEarlierItems,
  applyChatEvent,
  eventItemId,
  type SequencedEvent,
} from "@/lib/chat/wire/reducer";

/**
 * The chat a page draws. While a page of earlier items is being read, `missed` keeps the events
 * about items the page does not hold yet: the page may have been read before them.
 */
export type ChatState = { chat: ChatView; missed: SequencedEvent[] | null };

export type ChatAction =
  | { type: "event"; seq: number; event: ChatEvent }
  | { type: "reset"; chat: ChatView }
  | { type: "earlier-requested" }
  | { type: "earlier-loaded"; page: EarlierItems }
  | { type: "earlier-failed" };

export function reduceChat(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "event": {
      const chat = applyChatEvent(state.chat, action.event, action.seq);
      if (chat === state.chat) return state;
      const itemId = eventItemId(action.event);
      const missed =
        state.missed !== null && itemId !== null && !chat.items.some((item) => item.id === itemId);
      return {
        chat,
        missed: missed
          ? [...state.missed!, { seq: action.seq, event: action.event }]
          : state.missed,
      };
    }
    case "reset":
      // A reading older than what the stream already brought would take the page back in time.
      return action.chat.lastEventSeq >= state.chat.lastEventSeq
        ? { ...state, chat: action.chat }
        : state;
    case "earlier-requested":
      return { ...state, missed: state.missed ?? [] };
    case "earlier-loaded":
      return { chat: addEarlierItems(state.chat, action.page, state.missed ?? []), missed: null };
    case "earlier-failed":
      return { ...state, missed: null };
  }
}
