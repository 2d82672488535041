import { describe, expect, it } from "vitest";
import type { ModelSetting } from "@/lib/config";
import { checkModel, type ModelCheckOptions } from "./model-check";

// The providers are never reached: every request is answered by the fetch each test passes.

type Request = { url: string; headers: Record<string, string>; signal: AbortSignal | undefined };

/** A fetch that records its requests and answers each with `answer`. */
function provider(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = (async (input: string | URL | globalThis.Request, init?: RequestInit) => {
    const request = {
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    return answer(request);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const answered =
  (status: number, body: unknown = {}) =>
  () =>
    Response.json(body, { status });
const model = (provider: ModelSetting["provider"], modelId: string): ModelSetting => ({
  kind: "model",
  provider,
  modelId,
  name: provider === "gateway" ? modelId : `${provider}/${modelId}`,
  catalog: "full",
});
const OPENAI = model("openai", "gpt-5-mini");
const ANTHROPIC = model("anthropic", "claude-sonnet-4-5");
const GATEWAY = model("gateway", "google/gemini-2.5-flash");
const KEYS = {
  OPENAI_API_KEY: "sk-test",
  ANTHROPIC_API_KEY: "sk-ant-test",
  AI_GATEWAY_API_KEY: "gw-test",
};
const check = (setting: ModelSetting, options: ModelCheckOptions) =>
  checkModel(setting, { env: KEYS, ...options });

const GATEWAY_MODELS = {
  models: [
    {
      id: "google/gemini-2.5-flash",
      name: "Gemini 2.5 Flash",
      specification: {
        specificationVersion: "v4",
        provider: "google",
        modelId: "gemini-2.5-flash",
      },
      modelType: "language",
    },
    {
      id: "openai/gpt-image-1",
      name: "GPT Image 1",
      specification: { specificationVersion: "v4", provider: "openai", modelId: "gpt-image-1" },
      modelType: "image",
    },
  ],
};

describe("asking the provider about the configured model", () => {
  it("asks OpenAI and Anthropic for the one model, with the key each provider reads", async () => {
    const openai = provider(answered(200, { id: "gpt-5-mini" }));
    expect(await check(OPENAI, { fetch: openai.fetch })).toEqual({ kind: "known" });
    expect(openai.requests).toEqual([
      {
        url: "https://api.openai.com/v1/models/gpt-5-mini",
        headers: { authorization: "Bearer sk-test" },
        signal: expect.any(AbortSignal),
      },
    ]);

    const anthropic = provider(answered(200, { id: "claude-sonnet-4-5" }));
    expect(await check(ANTHROPIC, { fetch: anthropic.fetch })).toEqual({ kind: "known" });
    expect(anthropic.requests[0]).toMatchObject({
      url: "https://api.anthropic.com/v1/models/claude-sonnet-4-5",
      headers: { "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01" },
    });
  });

  it("asks where a base URL points the provider, as the provider itself does", async () => {
    const openai = provider(answered(200));
    await check(OPENAI, {
      fetch: openai.fetch,
      env: { ...KEYS, OPENAI_BASE_URL: "http://127.0.0.1:4000/v1/" },
    });
    expect(openai.requests[0]!.url).toBe("http://127.0.0.1:4000/v1/models/gpt-5-mini");
    const anthropic = provider(answered(200));
    await check(ANTHROPIC, {
      fetch: anthropic.fetch,
      env: { ...KEYS, ANTHROPIC_BASE_URL: "https://api.anthropic.com" },
    });
    expect(anthropic.requests[0]!.url).toBe(
      "https://api.anthropic.com/v1/models/claude-sonnet-4-5",
    );
  });

  it("finds a model the provider does not know, in one sentence naming AI_MODEL", async () => {
    const unknown = await check(model("openai", "gpt-nonexistent"), {
      fetch: provider(answered(404, { error: { code: "model_not_found" } })).fetch,
    });
    expect(unknown).toEqual({
      kind: "misconfigured",
      problem:
        "OpenAI does not offer AI_MODEL=openai/gpt-nonexistent to this key: set it to a model id the provider lists.",
    });
    expect(
      await check(model("anthropic", "claude-nonexistent"), {
        fetch: provider(answered(404)).fetch,
      }),
    ).toMatchObject({
      kind: "misconfigured",
      problem: expect.stringMatching(
        /^Anthropic does not offer AI_MODEL=anthropic\/claude-nonexistent/,
      ),
    });
  });

  it("finds a key the provider refuses", async () => {
    for (const status of [401, 403]) {
      expect(await check(OPENAI, { fetch: provider(answered(status)).fetch })).toEqual({
        kind: "misconfigured",
        problem:
          "OpenAI refused OPENAI_API_KEY when asked about AI_MODEL=openai/gpt-5-mini: check the key.",
      });
    }
  });

  it("looks the model up in the AI Gateway's list of language models", async () => {
    const gateway = provider(answered(200, GATEWAY_MODELS));
    expect(await check(GATEWAY, { fetch: gateway.fetch })).toEqual({ kind: "known" });
    expect(gateway.requests[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\/ai-gateway\.vercel\.sh\/.*\/config$/),
      headers: { authorization: "Bearer gw-test" },
    });
    expect(
      await check(model("gateway", "openai/gpt-nonexistent"), {
        fetch: provider(answered(200, GATEWAY_MODELS)).fetch,
      }),
    ).toEqual({
      kind: "misconfigured",
      problem:
        "The AI Gateway does not offer AI_MODEL=openai/gpt-nonexistent to this key: set it to a model id the provider lists.",
    });
    // Listed, but not a model that writes text.
    expect(
      await check(model("gateway", "openai/gpt-image-1"), {
        fetch: provider(answered(200, GATEWAY_MODELS)).fetch,
      }),
    ).toMatchObject({ kind: "misconfigured" });
    const refused = provider(
      answered(401, { error: { message: "Invalid API key", type: "authentication_error" } }),
    );
    expect(await check(GATEWAY, { fetch: refused.fetch })).toMatchObject({
      kind: "misconfigured",
      problem: expect.stringMatching(/^The AI Gateway refused AI_GATEWAY_API_KEY/),
    });
  });

  it("leaves the model unchecked, never failing, when the provider cannot answer", async () => {
    const unreachable = provider(() => Promise.reject(new TypeError("fetch failed")));
    expect(await check(OPENAI, { fetch: unreachable.fetch })).toEqual({
      kind: "unchecked",
      reason: "OpenAI could not be reached",
    });
    expect(await check(GATEWAY, { fetch: unreachable.fetch })).toEqual({
      kind: "unchecked",
      reason: "The AI Gateway could not be reached",
    });
    expect(await check(ANTHROPIC, { fetch: provider(answered(529)).fetch })).toEqual({
      kind: "unchecked",
      reason: "Anthropic answered 529",
    });
    expect(
      await check(GATEWAY, {
        fetch: provider(
          answered(503, { error: { message: "down", type: "internal_server_error" } }),
        ).fetch,
      }),
    ).toEqual({
      kind: "unchecked",
      reason: "The AI Gateway answered 503",
    });
  });

  it("stops waiting for a silent provider at the timeout", async () => {
    // Answers only when the request is aborted, as fetch does.
    const silent = provider(
      ({ signal }) =>
        new Promise<Response>((_, reject) =>
          signal!.addEventListener("abort", () => reject(signal!.reason)),
        ),
    );
    expect(await check(OPENAI, { fetch: silent.fetch, timeoutMs: 1 })).toEqual({
      kind: "unchecked",
      reason: "OpenAI did not answer within 0.001 s",
    });
    expect(await check(GATEWAY, { fetch: silent.fetch, timeoutMs: 1 })).toEqual({
      kind: "unchecked",
      reason: "The AI Gateway did not answer within 0.001 s",
    });
  });
});
