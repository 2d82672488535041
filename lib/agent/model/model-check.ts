import { APICallError, createGateway } from "ai";
import type { ModelSetting } from "@/lib/config";
import { env, type Env } from "@/lib/env";

/**
 * What the provider said about the configured model when asked once, at start-up:
 * - `known`: it serves the model to this key.
 * - `misconfigured`: it does not know the model, or refused the key; `problem` says which in one
 *   sentence, and the mock answers instead.
 * - `unchecked`: no answer (network, timeout, an outage); `reason` says why, and the model
 *   answers as configured: a reply it cannot give fails with a sentence saying so.
 */
export type ModelCheck =
  | { kind: "known" }
  | { kind: "misconfigured"; problem: string }
  | { kind: "unchecked"; reason: string };

// The same variables the providers read when they call: the keys, and a base URL that points a
// provider at a compatible server.
type ProviderVariables = Pick<
  Env,
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "ANTHROPIC_API_KEY"
  | "ANTHROPIC_BASE_URL"
  | "AI_GATEWAY_API_KEY"
>;

export type ModelCheckOptions = {
  /** Where the requests go; tests answer them offline. */
  fetch?: typeof fetch;
  /** How long the provider has to answer before the model is used unchecked. */
  timeoutMs?: number;
  /** The keys and base URLs; this process's environment unless given. */
  env?: ProviderVariables;
};

const DEFAULT_TIMEOUT_MS = 5_000;

const PROVIDERS = {
  openai: { label: "OpenAI", key: "OPENAI_API_KEY" },
  anthropic: { label: "Anthropic", key: "ANTHROPIC_API_KEY" },
  gateway: { label: "The AI Gateway", key: "AI_GATEWAY_API_KEY" },
} as const;

/**
 * Asks the model's provider once whether it serves the configured model: OpenAI and Anthropic
 * each answer for one model (`GET /v1/models/{id}`), the AI Gateway lists all of its models. Never
 * throws: whatever goes wrong with the question itself leaves the model `unchecked`.
 */
export async function checkModel(
  model: ModelSetting,
  options: ModelCheckOptions = {},
): Promise<ModelCheck> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchOnce = options.fetch ?? fetch;
  const timed: typeof fetch = (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetchOnce(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
  };
  const { label, key } = PROVIDERS[model.provider];
  const keys = options.env ?? env();
  try {
    const status =
      model.provider === "gateway"
        ? await gatewayStatus(model, timed, keys)
        : await directStatus(model, timed, keys);
    if (status === 200) return { kind: "known" };
    if (status === 404)
      return {
        kind: "misconfigured",
        problem: `${label} does not offer AI_MODEL=${model.name} to this key: set it to a model id the provider lists.`,
      };
    if (status === 401 || status === 403)
      return {
        kind: "misconfigured",
        problem: `${label} refused ${key} when asked about AI_MODEL=${model.name}: check the key.`,
      };
    return { kind: "unchecked", reason: `${label} answered ${status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      kind: "unchecked",
      reason: timedOut
        ? `${label} did not answer within ${timeoutMs / 1000} s`
        : `${label} could not be reached`,
    };
  }
}

/** OpenAI and Anthropic answer 200 for a model the key may use and 404 for any other. */
async function directStatus(
  model: ModelSetting,
  fetchOnce: typeof fetch,
  keys: ProviderVariables,
): Promise<number> {
  const id = encodeURIComponent(model.modelId);
  if (model.provider === "openai") {
    const base = (keys.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
    return (
      await fetchOnce(`${base}/models/${id}`, {
        headers: { authorization: `Bearer ${keys.OPENAI_API_KEY}` },
      })
    ).status;
  }
  // The Anthropic provider adds the version to a bare origin, and so does this.
  const base = (keys.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com/v1")
    .replace(/\/+$/, "")
    .replace(/^https:\/\/api\.anthropic\.com$/, "$&/v1");
  const headers = { "x-api-key": keys.ANTHROPIC_API_KEY ?? "", "anthropic-version": "2023-06-01" };
  return (await fetchOnce(`${base}/models/${id}`, { headers })).status;
}

/**
 * The gateway's list of models, through the AI SDK's own provider. Its errors carry a status even
 * when no response came (a failed fetch is a 500): only the HTTP answer inside counts.
 */
async function gatewayStatus(
  model: ModelSetting,
  fetchOnce: typeof fetch,
  keys: ProviderVariables,
): Promise<number> {
  try {
    const { models } = await createGateway({
      apiKey: keys.AI_GATEWAY_API_KEY,
      fetch: fetchOnce,
    }).getAvailableModels();
    return models.some(
      (entry) => entry.id === model.modelId && (entry.modelType ?? "language") === "language",
    )
      ? 200
      : 404;
  } catch (error) {
    const answered =
      error instanceof Error && APICallError.isInstance(error.cause)
        ? error.cause.statusCode
        : undefined;
    if (answered === undefined) throw error;
    return answered;
  }
}
