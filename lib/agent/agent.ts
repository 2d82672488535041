/**
 * The seam where a real model plugs in. An agent receives the chat so far and the message to
 * answer, and yields what it writes as text chunks: Markdown, or a content envelope
 * (`\u001eagentskit.chat.content/1\n` then one JSON record per line) when the reply mixes prose
 * and component frames. The host persists and streams each chunk; the agent never touches the
 * database or the page. It should stop promptly when `signal` aborts.
 */
export type AgentMessage = {
  role: "user" | "assistant";
  /** What the author wrote (for an assistant, possibly an envelope). */
  content: string;
};

export type AgentRequest = {
  chatId: string;
  history: AgentMessage[];
  /** The text the agent must answer, with the preamble a host adds for a picked choice. */
  message: string;
  signal: AbortSignal;
};

export interface Agent {
  reply(request: AgentRequest): AsyncIterable<string>;
}
