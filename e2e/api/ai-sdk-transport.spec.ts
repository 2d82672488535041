import { randomUUID } from "node:crypto";
import { readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { AnswerableChatTransport, type AnswerableUIMessage } from "../../lib/ai-sdk";
import { expect, test } from "./contract";
import { createChat, sameOrigin, settledChat, textOf } from "../support";

test.describe("the AI SDK transport against a running server", () => {
  test("sends Hello and streams the reply, every chunk the SDK's own, until it finishes", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    const cookie = (await request.storageState()).cookies
      .map((each) => `${each.name}=${each.value}`)
      .join("; ");
    // What a browser adds by itself: the visitor's cookie, and Origin on a state-changing request.
    const transport = new AnswerableChatTransport({
      api: baseURL,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), cookie, ...sameOrigin(baseURL) },
        }),
    });
    const stream = await transport.sendMessages({
      trigger: "submit-message",
      chatId,
      messageId: undefined,
      messages: [{ id: randomUUID(), role: "user", parts: [{ type: "text", text: "Hello" }] }],
      abortSignal: undefined,
    });
    const chunks: UIMessageChunk[] = [];
    const schema = uiMessageChunkSchema();
    const seen = stream.pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        async transform(chunk, controller) {
          expect(await schema.validate!(chunk), JSON.stringify(chunk)).toMatchObject({
            success: true,
          });
          chunks.push(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
    let message: AnswerableUIMessage | undefined;
    for await (const state of readUIMessageStream<AnswerableUIMessage>({ stream: seen }))
      message = state;

    expect(chunks[0]).toMatchObject({ type: "start" });
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "stop" });
    const chat = await settledChat(request, chatId);
    const reply = chat.items.at(-1)!;
    expect(message!.id).toBe(reply.id);
    const text = message!.parts.flatMap((part) => (part.type === "text" ? [part.text] : []));
    expect(text.join("")).toBe(textOf(reply));
    expect(text.join("")).toContain("Hello");
    // The turn is over: nothing to resume.
    expect(await transport.reconnectToStream({ chatId })).toBeNull();
  });
});
