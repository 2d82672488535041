import type { ConfirmationView } from "@/lib/chat/wire";
import { confirmationOutcome } from "@/lib/chat/wire/confirmations";

/** Where a proposed action stands, as a person reads it. */
export type Stage = "pending" | "running" | "executed" | "failed" | "rejected" | "expired";

export type Field = { key: string; label: string; long?: boolean };

/** How one tool's proposals read: a headline per stage, and its input and result in order. */
export type ToolPresenter = {
  /** What the action makes, for sentences like "The agent filled in this email incorrectly". */
  noun: string;
  headline(stage: Stage, input: Record<string, unknown>): string;
  fields: Field[];
  /** What of a result to show; a tool with none named shows every field of its result. */
  result: Field[];
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

const sendEmail: ToolPresenter = {
  noun: "email",
  headline(stage, input) {
    const to = text(input.to) ?? "the recipient";
    const headlines: Record<Stage, string> = {
      pending: `Send an email to ${to}?`,
      running: `Sending the email to ${to}…`,
      executed: `Email sent to ${to}`,
      failed: `The email to ${to} was not sent: it failed`,
      rejected: `Email to ${to} not sent: you rejected it`,
      expired: `Email to ${to} not sent: the confirmation expired`,
    };
    return headlines[stage];
  },
  fields: [
    { key: "to", label: "To" },
    { key: "subject", label: "Subject" },
    { key: "body", label: "Message", long: true },
  ],
  // The recipient and subject are already shown above the result.
  result: [
    { key: "delivered", label: "Delivered" },
    { key: "messageId", label: "Message id" },
  ],
};

// #region create-issue
const createIssue: ToolPresenter = {
  noun: "issue",
  headline(stage, input) {
    const title = text(input.title) ?? "this issue";
    const headlines: Record<Stage, string> = {
      pending: `File the issue “${title}”?`,
      running: `Filing “${title}”…`,
      executed: `Issue filed: “${title}”`,
      failed: `The issue “${title}” was not filed: it failed`,
      rejected: `Issue “${title}” not filed: you rejected it`,
      expired: `Issue “${title}” not filed: the confirmation expired`,
    };
    return headlines[stage];
  },
  fields: [
    { key: "title", label: "Title" },
    { key: "labels", label: "Labels" },
    { key: "body", label: "Description", long: true },
  ],
  result: [{ key: "key", label: "Issue" }],
};
// #endregion create-issue

// The demo MCP server's side effect, proposed by its view's call (lib/mcp/actions.ts).
const scheduleDeployment: ToolPresenter = {
  noun: "deployment",
  headline(stage, input) {
    const service = text(input.service) ?? "the service";
    const window = text(input.windowId) ?? "this window";
    const headlines: Record<Stage, string> = {
      pending: `Schedule ${service} for ${window}?`,
      running: `Scheduling ${service} for ${window}…`,
      executed: `Deployment of ${service} scheduled for ${window}`,
      failed: `The deployment of ${service} was not scheduled: it failed`,
      rejected: `Deployment of ${service} not scheduled: you rejected it`,
      expired: `Deployment of ${service} not scheduled: the confirmation expired`,
    };
    return headlines[stage];
  },
  fields: [
    { key: "service", label: "Service" },
    { key: "windowId", label: "Window" },
  ],
  result: [{ key: "bookingId", label: "Booking" }],
};

const PRESENTERS: Record<string, ToolPresenter> = {
  "send-email": sendEmail,
  "create-issue": createIssue,
  "schedule-deployment": scheduleDeployment,
};

/** "messageId" → "Message id": a key read as words. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label as the presenter words it, else its key as words. */
export function fieldLabel(fields: Field[], key: string): string {
  return fields.find((field) => field.key === key)?.label ?? humanize(key);
}

/** A tool this page has no words for reads by its name, its keys as words in alphabetical order. */
function genericPresenter(action: string): ToolPresenter {
  const name = `“${action}”`;
  const headlines: Record<Stage, string> = {
    pending: `Run ${name}?`,
    running: `Running ${name}…`,
    executed: `${name} ran`,
    failed: `${name} failed`,
    rejected: `${name} not run: you rejected it`,
    expired: `${name} not run: the confirmation expired`,
  };
  return { noun: `${name} request`, headline: (stage) => headlines[stage], fields: [], result: [] };
}

export function presenterFor(action: string): ToolPresenter {
  return PRESENTERS[action] ?? genericPresenter(action);
}

/**
 * The fields of a record in the presenter's order, then (unless `only`) any others it does not
 * name, as words in alphabetical order: never the order the database happened to keep them in.
 */
export function orderedFields(
  record: Record<string, unknown>,
  named: Field[],
  only = false,
): Field[] {
  const known = named.filter((field) => field.key in record);
  if (only && known.length > 0) return known;
  const rest = Object.keys(record)
    .filter((key) => !named.some((field) => field.key === key))
    .sort()
    .map((key) => ({ key, label: humanize(key) }));
  return [...known, ...rest];
}

/** The stage a handle is at; a pending one whose time ran out on this page reads as expired. */
export function stageOf(confirmation: ConfirmationView, timedOut: boolean): Stage {
  const outcome = confirmationOutcome(confirmation);
  if (outcome) return outcome;
  if (confirmation.status === "approving") return "running";
  if (confirmation.status === "rejecting") return "rejected";
  if (confirmation.status === "expiring" || timedOut) return "expired";
  return "pending";
}
