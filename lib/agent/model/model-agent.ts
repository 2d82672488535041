import {
  jsonSchema,
  streamText,
  tool,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
} from "ai";
import { resultText, type AppToolCall, type AppTools } from "@/lib/mcp/host";
import type { Agent, AgentChunk, AgentMessage } from "../agent";
import { proseEnding } from "../reply-ending";
import { EnvelopeWriter } from "./envelope-writer";
import { failureSentence, ModelReplyError, SENTENCES } from "./failure";
import { frameFromToolCall, type FrameTool } from "./frame-tools";

export type ModelAgentOptions = {
  model: LanguageModel;
  /** The system prompt (`buildInstructions`). */
  instructions: string;
  /** The components a model may show, as tools (`frameTools`). */
  frames: readonly FrameTool[];
  maxOutputTokens?: number;
  /** A model silent this long (before its first chunk, or between two) ends the reply as failed. */
  timeout?: { firstChunkMs: number; chunkMs: number };
  /** Retries of a failed request before anything streamed (rate limits, outages). */
  maxRetries?: number;
  /** The MCP servers' model-visible tools, connected for one reply (`modelVisibleDemoTools`). */
  apps?: () => Promise<AppTools>;
};

// Stalls fail well inside the turn's own 240 s deadline, with a sentence saying so.
const DEFAULT_TIMEOUT = { firstChunkMs: 90_000, chunkMs: 45_000 };
// About 30,000 characters: a long answer with several blocks, far inside a reply's 262,144.
const DEFAULT_MAX_OUTPUT_TOKENS = 8_000;

/**
 * An agent that asks a language model through the AI SDK. Its reply is a content envelope: the
 * model's prose (Markdown with ```ui blocks) in text records, and a frame for each component tool
 * it calls. Tools have no `execute`: a call only becomes a frame, which the host resolves like any
 * other, and an action in it only ever proposes a confirmation. An MCP server's tools do run (the
 * model sees its model-visible ones only); a call of one with a view becomes an `mcp-app` chunk,
 * where the host stores it and the page draws the view. A provider error ends the reply
 * with a sentence saying what happened, then throws, so the runner marks the reply failed and
 * moves the queue on. Stop and the turn's deadline abort the request through `signal`.
 */
export function createModelAgent(options: ModelAgentOptions): Agent {
  const { model, instructions, frames } = options;
  const tools: ToolSet = Object.fromEntries(
    frames.map((frame) => [
      frame.name,
      tool({ description: frame.description, inputSchema: jsonSchema(frame.inputSchema) }),
    ]),
  );
  const byName = new Map(frames.map((frame) => [frame.name, frame]));

  return {
    async *reply({ history, message, signal }) {
      const apps = options.apps ? await options.apps() : null;
      try {
        yield* replyWith({ history, message, signal }, apps);
      } finally {
        await apps?.close();
      }
    },
  };

  async function* replyWith(
    {
      history,
      message,
      signal,
    }: Pick<Parameters<Agent["reply"]>[0], "history" | "message" | "signal">,
    apps: AppTools | null,
  ): AsyncGenerator<AgentChunk> {
    {
      const envelope = new EnvelopeWriter();
      const text = (written: string): AgentChunk[] =>
        written ? [{ type: "text", text: written }] : [];
      let shown = 0;
      let failure: unknown;
      let cutOff = false;
      const result = streamText({
        model,
        instructions,
        messages: conversation(history, message),
        tools: apps ? { ...apps.tools, ...tools } : tools,
        abortSignal: signal,
        maxOutputTokens: options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        maxRetries: options.maxRetries,
        timeout: options.timeout ?? DEFAULT_TIMEOUT,
        // Errors arrive as stream parts below; the SDK's own logging would report them twice.
        onError: () => {},
      });
      try {
        for await (const part of result.stream) {
          if (part.type === "text-delta") yield* text(envelope.text(part.text));
          else if (part.type === "tool-call") {
            const frame = byName.get(part.toolName);
            // A call to a tool this host never offered shows nothing; the SDK already refused it.
            if (frame)
              yield* text(
                envelope.frame(
                  frameFromToolCall(frame, part.input, `${frame.definition.key}-${++shown}`),
                ),
              );
          } else if (part.type === "tool-result" && apps?.views.has(part.toolName)) {
            const { written, room } = envelope.beforeHostRecord();
            yield* text(written);
            if (room) yield appChunk(apps, part);
          } else if (part.type === "error") {
            failure = part.error;
            break;
          } else if (part.type === "abort") {
            // The SDK's own timeouts abort too; only an abort of `signal` is a Stop.
            if (!signal.aborted)
              failure = new ModelReplyError(SENTENCES.slow, { cause: part.reason });
            break;
          } else if (part.type === "finish") {
            if (part.finishReason === "content-filter")
              failure = new ModelReplyError(SENTENCES.declined, { cause: part.rawFinishReason });
            cutOff = part.finishReason === "length";
          }
        }
      } catch (error) {
        failure = error;
      }
      // Stopped, or past the turn's deadline: the runner ends the turn, and says why at the deadline.
      if (signal.aborted) return;
      if (failure === undefined && !cutOff) return yield* text(envelope.end());
      const sentence = failure === undefined ? SENTENCES.cutOff : failureSentence(failure);
      yield* text(envelope.text(proseEnding(envelope.prose, sentence)) + envelope.end());
      if (failure !== undefined) throw new ModelReplyError(sentence, { cause: failure });
    }
  }
}

/** An app tool's result, as the chunk the host stores. */
function appChunk(
  apps: AppTools,
  part: { toolCallId: string; toolName: string; input: unknown; output: unknown },
): AgentChunk {
  const output = part.output as AppToolCallResult;
  return {
    type: "mcp-app",
    call: {
      toolCallId: part.toolCallId,
      server: apps.server,
      toolName: part.toolName,
      resourceUri: apps.views.get(part.toolName)!,
      input: (part.input ?? {}) as Record<string, unknown>,
      result: output,
      fallback: resultText(output),
    },
  };
}

type AppToolCallResult = AppToolCall["result"];

/**
 * The history as the model reads it: people's messages (a picked choice's context among them),
 * and its own earlier replies as their text fallbacks, never raw fences or frames. Empty turns
 * (a reply that failed before writing) are left out: providers refuse empty messages.
 */
export function conversation(history: readonly AgentMessage[], message: string): ModelMessage[] {
  return [...history, { role: "user" as const, content: message }]
    .filter((entry) => entry.content.trim() !== "")
    .map((entry) => ({ role: entry.role, content: entry.content }));
}
