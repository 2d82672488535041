import { ASSISTANT_CONTENT_HEADER, decodeAssistantContent } from "@/lib/component-frames";
import { findUiFences } from "@/lib/intelligent-ui";

/**
 * What to add to `prose` so that `sentence` ends it as a paragraph of its own: a reply cut off
 * inside a block gets its fence closed first, so the sentence is not part of the block.
 */
export function proseEnding(prose: string, sentence: string): string {
  return prose.trim() ? `${closingFence(prose)}\n\n${sentence}` : sentence;
}

/**
 * A reply's content with `sentence` at its end, in the reply's own form: Markdown gets a
 * paragraph, an envelope a text record. A record still arriving is dropped (it was never drawn);
 * an envelope with no room for one more record is left as it is.
 */
export function endReplyWith(content: string, sentence: string): string {
  if (!content.startsWith("\u001e")) return content + proseEnding(content, sentence);
  const whole = content.slice(0, content.lastIndexOf("\n") + 1) || ASSISTANT_CONTENT_HEADER;
  const decoded = decodeAssistantContent(whole);
  if (!decoded.ok) return content;
  const prose = decoded.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  const ended = `${whole}${JSON.stringify({ kind: "text", text: proseEnding(prose, sentence) })}\n`;
  return decodeAssistantContent(ended).ok ? ended : content;
}

function closingFence(prose: string): string {
  const last = findUiFences(prose).at(-1);
  if (!last || last.closed) return "";
  const marker =
    /^ {0,3}(`{3,}|~{3,})/.exec(prose.slice(last.start, last.contentStart))?.[1] ?? "```";
  return `\n${marker}`;
}
