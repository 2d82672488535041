import { ApiError } from "@/lib/chat/wire/client-api";
import { errorEntry, errorSentence, type ErrorCode } from "@/lib/http/error-catalog";

/**
 * What a refused request means for the person, and what they can do next: the catalog's sentence
 * for its code (lib/http/error-catalog.ts), the same on every page. `failed` says what did not
 * happen ("The message could not be sent"), for a request that got no refusal, or one whose code
 * this page does not know.
 */
export function refusalSentence(error: unknown, failed: string): string {
  if (!(error instanceof ApiError)) return `${failed}. Check your connection and try again.`;
  const entry = errorEntry(error.code);
  if (!entry) return `${failed}. Reload the page and try again.`;
  // Written for people, with how long to wait or a source's own reason: shown as it came.
  if (entry.shownAsSent) return error.message;
  return errorSentence(error.code as ErrorCode, error.reason);
}
