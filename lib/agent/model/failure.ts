import { APICallError, RetryError } from "ai";

/** What a person reads at the end of a model reply that did not finish. */
export const SENTENCES = {
  busy: "The model is receiving too many requests right now. Try again in a minute.",
  key: "The model provider refused this app's key, so the reply stopped. The app's operator needs to check it.",
  model: "The model provider does not know the configured model, so the reply stopped.",
  slow: "The model took too long to answer. Try again.",
  outage: "The model provider had a problem and the reply stopped. Try again in a moment.",
  unreachable:
    "The model provider could not be reached, so the reply stopped. Try again in a moment.",
  refused: "The model provider refused the request, so the reply stopped.",
  declined: "The model declined to answer this.",
  broken: "The model's reply failed partway. Try again.",
  cutOff: "(The reply reached the model's length limit and was cut off here.)",
} as const;

/** Why a model's reply ended without finishing, as the adapter tells the runner. */
export class ModelReplyError extends Error {
  constructor(
    readonly sentence: string,
    options: { cause: unknown },
  ) {
    super(sentence, options);
    this.name = "ModelReplyError";
  }
}

/**
 * A sentence a person can act on, for what ended a model's reply: rate limits and outages are
 * worth a retry, a refused key or an unknown model are the operator's to fix. Nothing of the
 * provider's own message is shown: it may carry request details.
 */
export function failureSentence(error: unknown): string {
  if (error instanceof ModelReplyError) return error.sentence;
  // After its retries the SDK reports the last attempt's error (a rate limit, an outage) inside.
  if (RetryError.isInstance(error)) return failureSentence(error.lastError);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return SENTENCES.unreachable;
    if (status === 429) return SENTENCES.busy;
    if (status === 401 || status === 403) return SENTENCES.key;
    if (status === 404) return SENTENCES.model;
    if (status === 408 || status === 504) return SENTENCES.slow;
    return status >= 500 ? SENTENCES.outage : SENTENCES.refused;
  }
  if (error instanceof Error && error.name === "TimeoutError") return SENTENCES.slow;
  // fetch rejects with a TypeError when the network fails before any response.
  if (error instanceof TypeError) return SENTENCES.unreachable;
  return SENTENCES.broken;
}
