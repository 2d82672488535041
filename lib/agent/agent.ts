import type { AppToolCall } from "@/lib/mcp/host";

/**
 * The seam where a real model plugs in. An agent receives the chat so far and the message to
 * answer, and yields typed chunks:
 * - `text`: the next piece of its reply. The reply is Markdown, in which ```ui fences hold
 *   intelligent-ui blocks, or a content envelope (`\u001eagentskit.chat.content/1\n` then one
 *   JSON record per line) when it mixes prose and component frames.
 * - `subagent`: a whole reply a subagent wrote while working on this one (a tool call's
 *   result, identified by `parentToolUseId`). The host shows it beside the reply; people can
 *   read its blocks but never answer them.
 * - `mcp-app`: a call of an MCP App's tool (one with a view) and its result, made through the
 *   host's MCP client. The host stores it in the reply where it falls, and the page draws its view.
 * The host persists and streams every chunk; the agent never touches the database or the page.
 * It should stop promptly when `signal` aborts.
 */
export type AgentMessage = {
  role: "user" | "assistant";
  /** What the author wrote; for the agent's own replies, their text fallback (no raw blocks or frames). */
  content: string;
};

export type AgentRequest = {
  chatId: string;
  history: AgentMessage[];
  /** The text the agent must answer, with the preamble a host adds for a picked choice. */
  message: string;
  signal: AbortSignal;
};

export type AgentChunk =
  | { type: "text"; text: string }
  | { type: "subagent"; parentToolUseId: string; content: string }
  | { type: "mcp-app"; call: AppToolCall };

export interface Agent {
  reply(request: AgentRequest): AsyncIterable<AgentChunk>;
}
