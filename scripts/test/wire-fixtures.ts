import type { ChatView, ItemView } from "../../lib/chat/wire/views";

/** A finished reply's view for tests; overrides set what a test is about. */
export function buildItemView(
  overrides: Partial<ItemView> & Pick<ItemView, "id" | "position">,
): ItemView {
  return {
    role: "assistant",
    status: "complete",
    parts: [],
    blocks: {},
    revision: 1,
    origin: null,
    parentToolUseId: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    completedAt: "2026-12-01T10:00:01.000Z",
    selections: {},
    confirmations: {},
    uiAnswers: {},
    mcpAppAnswers: {},
    readings: {},
    links: {},
    ...overrides,
  };
}

/** A chat's view for tests, holding `items`. */
export function buildChatView(items: ItemView[], overrides: Partial<ChatView> = {}): ChatView {
  return {
    id: "chat",
    title: "Chat",
    items,
    hasEarlier: false,
    queued: [],
    running: false,
    lastEventSeq: 3,
    ...overrides,
  };
}
