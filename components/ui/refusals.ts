import { ApiError } from "@/lib/chat/wire/client-api";

/**
 * What a refused request means for the person, and what they can do next: the catalog's sentence
 * for its code (lib/http/error-catalog.ts, looked up as the refusal arrived), the same on every
 * page. `failed` says what did not happen ("The message could not be sent"), for a request that
 * got no refusal, or one whose code this page does not know.
 */
export function refusalSentence(error: unknown, failed: string): string {
  if (!(error instanceof ApiError)) return `${failed}. Check your connection and try again.`;
  return error.sentence ?? `${failed}. Reload the page and try again.`;
}
