/**
 * The mock agent's answers to the host's reports of how a proposed action ended (sent, failed,
 * rejected, expired). Each says what happened and what the person can do next: the list that
 * proposed a failed, rejected or expired action is open again.
 */

// An edited proposal's report names its changes: `approved “…” with changes (subject: "a" → "b")`.
const CHANGES = String.raw`(?: with changes \((.*?)\))?`;
const APPROVED = new RegExp(
  String.raw`^The person approved “(.+?)”${CHANGES}: (\S+) ran and returned ([\s\S]*)\.$`,
);
const FAILED = new RegExp(
  String.raw`^The person approved “(.+?)”${CHANGES}, but (\S+) failed: ([\s\S]*)$`,
);
const REJECTED = /^The person rejected “(.+)”: \S+ was not run\./;
const EXPIRED = /^Nobody decided on “(.+)” in time: the confirmation expired/;

function readResult(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function sentSentence(label: string, result: Record<string, unknown>): string {
  if (typeof result.to !== "string") return `Done: “${label}” ran.`;
  const id = typeof result.messageId === "string" ? ` (message \`${result.messageId}\`)` : "";
  return `Done: the email went to **${result.to}**${id}.`;
}

function changedSentence(changes: string | undefined): string {
  return changes ? `Approved with your changes: ${changes}. ` : "";
}

/** The reply to an outcome report, or null when the message is not one. */
export function outcomeReply(message: string): string | null {
  const approved = APPROVED.exec(message);
  if (approved) {
    return `${changedSentence(approved[2])}${sentSentence(approved[1]!, readResult(approved[4]!))} Anything else?`;
  }
  const failed = FAILED.exec(message);
  if (failed) {
    return `${changedSentence(failed[2])}“${failed[1]}” did not go through: ${failed[4]!.replace(/\.$/, "")}. Pick it again in the list above for a new proposal, or choose another option.`;
  }
  const rejected = REJECTED.exec(message);
  if (rejected) {
    return `Understood: nothing was sent. The list above is open again: pick another option, or pick “${rejected[1]}” again for a new proposal.`;
  }
  const expired = EXPIRED.exec(message);
  if (expired) {
    return `The proposal expired before anyone decided, so nothing was sent. The list above is open again: pick “${expired[1]}” for a fresh proposal, or choose another option.`;
  }
  return null;
}
