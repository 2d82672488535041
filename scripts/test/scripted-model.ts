import { MockLanguageModelV4 } from "ai/test";

// Test support only: a language model that streams a script, through the AI SDK's own mock.

type DoStream = MockLanguageModelV4["doStream"];
type StreamPart =
  Awaited<ReturnType<DoStream>>["stream"] extends ReadableStream<infer Part> ? Part : never;
type FinishReason = "stop" | "length" | "content-filter" | "tool-calls" | "error" | "other";

/**
 * One step of a scripted model reply: a text delta; a tool call (`raw` input is sent as written,
 * anything else as JSON); a provider error part; the finish reason; `wait`, which streams nothing
 * more until the promise it returns settles; or `hang`, which streams nothing more until the
 * request is aborted, then fails the way a cancelled fetch does.
 */
export type ModelStep =
  | string
  | { tool: string; input: unknown; raw?: boolean }
  | { error: unknown }
  | { finish: FinishReason }
  | { wait: () => Promise<void> }
  | "hang";

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/**
 * A model that answers its n-th request with the n-th script (the last one again after that). Its
 * `doStreamCalls` record every request: the prompt, the tools and the abort signal it was given.
 */
export function scriptedModel(...scripts: ModelStep[][]): MockLanguageModelV4 {
  let calls = 0;
  return new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      const script = scripts[Math.min(calls++, scripts.length - 1)] ?? [];
      return { stream: streamOf(script, abortSignal) };
    },
  });
}

function streamOf(
  script: readonly ModelStep[],
  signal: AbortSignal | undefined,
): ReadableStream<StreamPart> {
  return new ReadableStream<StreamPart>({
    async start(controller) {
      controller.enqueue({ type: "stream-start", warnings: [] });
      controller.enqueue({ type: "text-start", id: "text" });
      let finish: FinishReason = "stop";
      let calls = 0;
      for (const step of script) {
        if (step === "hang") {
          await aborted(signal);
          controller.error(signal?.reason);
          return;
        }
        if (typeof step === "string")
          controller.enqueue({ type: "text-delta", id: "text", delta: step });
        else if ("wait" in step) await step.wait();
        else if ("tool" in step) {
          const input = step.raw ? String(step.input) : JSON.stringify(step.input);
          controller.enqueue({
            type: "tool-call",
            toolCallId: `call-${++calls}`,
            toolName: step.tool,
            input,
          });
          finish = "tool-calls";
        } else if ("error" in step) controller.enqueue({ type: "error", error: step.error });
        else finish = step.finish;
      }
      controller.enqueue({ type: "text-end", id: "text" });
      controller.enqueue({
        type: "finish",
        finishReason: { unified: finish, raw: finish },
        usage: USAGE,
      });
      controller.close();
    },
  });
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal || signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
