import { refusalSentence } from "@/components/ui/refusals";
import { ApiError } from "@/lib/chat/wire/client-api";
import type { ConfirmationView } from "@/lib/chat/wire";
import { fieldLabel, presenterFor } from "./tool-presenters";

type Refusal = { code: string; fields: string[] };

/**
 * Why an option whose typed action the app refuses cannot be picked, and what to do instead.
 * Each rule reads differently: an action the app does not have is not a badly filled-in one.
 */
export function unavailableSentence({ code, fields }: Refusal, action: string): string {
  const presenter = presenterFor(action);
  switch (code) {
    case "ACTION_UNREGISTERED":
      return `Not available: this app has no “${action}” action. Choose another option, or ask the agent for something this app can do.`;
    case "ACTION_INVALID_INPUT": {
      const labels = fields.map((key) => fieldLabel(presenter.fields, key));
      const which =
        labels.length > 0
          ? ` (${labels.join(", ")} ${labels.length > 1 ? "are" : "is"} not valid)`
          : "";
      return `Not available: the agent filled in this ${presenter.noun} incorrectly${which}. Choose another option, or ask the agent to write it again.`;
    }
    case "ACTION_NOT_EXECUTABLE":
      return `Not available: this app knows “${action}” but cannot run it. Choose another option.`;
    case "ACTION_CONFIRMATION_REQUIRED":
      return `Not available: “${action}” would run without asking you first, so this app does not offer it. Choose another option.`;
    default:
      return "Not available: this option’s action is malformed. Choose another option, or ask the agent to propose it again.";
  }
}

/** What a refused pick means for the person, and what they can do next, per stable code. */
export function pickRefusal(error: unknown, action: string | undefined): string {
  if (error instanceof ApiError && error.code === "action-refused")
    return unavailableSentence({ code: error.reason ?? "", fields: [] }, action ?? "");
  return refusalSentence(error, "The choice could not be sent");
}

/**
 * Why this tab's decision did nothing: the handle was decided or edited elsewhere first (the 409's
 * `confirmation` says how), as a list says it was answered elsewhere. Null for any other refusal.
 */
export function decidedElsewhere(
  error: unknown,
  settled: Pick<ConfirmationView, "status"> | null,
): string | null {
  if (error instanceof ApiError && error.code === "confirmation-replaced")
    return "Changed in another tab before your decision arrived.";
  if (!(error instanceof ApiError) || error.code !== "confirmation-settled" || settled === null)
    return null;
  switch (settled.status) {
    case "approved":
    case "approving":
      return "Approved in another tab.";
    case "rejected":
    case "rejecting":
      return "Rejected in another tab.";
    case "expired":
    case "expiring":
      return "It expired before your decision arrived.";
    case "replaced":
      return "Changed in another tab before your decision arrived.";
    case "pending":
      return null;
  }
}
