/**
 * The message quoted back. One line without backticks reads inline; anything else is fenced, with
 * a fence longer than any run of backticks inside it, so a code fence in the message can never
 * turn the rest of the reply into code.
 */
export function echo(message: string): string {
  // Cut by characters, not UTF-16 units, so a quote never ends in half an emoji.
  const characters = Array.from(message);
  const quoted = characters.length > 200 ? `${characters.slice(0, 200).join("")}…` : message;
  if (!/[`\n]/.test(quoted)) return `You said: “${quoted}”.`;
  const longest = Math.max(0, ...(quoted.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `You said:\n\n${fence}text\n${quoted}\n${fence}`;
}
