import { randomUUID } from "node:crypto";
import { readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DELETE as deleteChat, GET as viewChat } from "@/app/api/chats/[chatId]/route";
import { GET as readEvents } from "@/app/api/chats/[chatId]/events/route";
import { POST as sendMessage } from "@/app/api/chats/[chatId]/messages/route";
import { POST as regenerate } from "@/app/api/chats/[chatId]/items/[itemId]/regenerate/route";
import { createChat } from "@/lib/chat/chats/manage";
import type { ChatView } from "@/lib/chat/wire";
import { appConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { signVisitorId, VISITOR_COOKIE } from "@/lib/http/visitor";
import { scriptedReply } from "@/scripts/test/recorded-log";
import { claimedReply } from "@/scripts/test/streaming";
import type { AnswerableUIMessage } from "./data-parts";
import { itemOfMessage, toUIMessages } from "./message-parts";
import { AnswerableChatTransport } from "./transport";

// A message's turn runs after the response; here the test writes each reply itself, piece by piece.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: () => {},
}));

afterAll(async () => {
  await disconnectDb();
});

const ORIGIN = "http://localhost:3000";
const PROMPT = "Walk me through a release checklist";

type Route = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** `fetch` answered by the app's route handlers, as a visitor's browser reaches them; each request is kept. */
async function visitor() {
  const visitorId = randomUUID();
  const cookie = `${VISITOR_COOKIE}=${await signVisitorId(visitorId, appConfig().sessionSecret)}`;
  const requests: { method: string; url: string; body: unknown }[] = [];
  let cutAfterBytes: number | null = null;
  const routes: [RegExp, string, Route][] = [
    [/^\/api\/chats\/([^/]+)$/, "GET", viewChat as Route],
    [/^\/api\/chats\/([^/]+)$/, "DELETE", deleteChat as Route],
    [/^\/api\/chats\/([^/]+)\/events$/, "GET", readEvents as Route],
    [/^\/api\/chats\/([^/]+)\/messages$/, "POST", sendMessage as Route],
    [/^\/api\/chats\/([^/]+)\/items\/([^/]+)\/regenerate$/, "POST", regenerate as Route],
  ];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), ORIGIN);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ method, url: url.pathname + url.search, body });
    const found = routes.find(([path, verb]) => verb === method && path.test(url.pathname));
    if (!found) throw new Error(`No route for ${method} ${url.pathname}`);
    const [, chatId, itemId] = url.pathname.match(found[0])!;
    const request = new Request(url, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie, origin: ORIGIN },
    });
    const response = await found[2](request, {
      params: Promise.resolve({ chatId, itemId }) as never,
    });
    if (cutAfterBytes === null || !url.pathname.endsWith("/events")) return response;
    // The connection drops once this much of the stream has come: the body ends there.
    const limit = cutAfterBytes;
    cutAfterBytes = null;
    return new Response(cutOff(response.body!, limit), { headers: response.headers });
  };
  return {
    visitorId,
    fetch,
    requests,
    cutNextStreamAfter: (bytes: number) => (cutAfterBytes = bytes),
  };
}

function cutOff(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done || seen >= limit) {
        await reader.cancel();
        return controller.close();
      }
      seen += value.byteLength;
      controller.enqueue(value);
    },
    cancel: () => reader.cancel(),
  });
}

const said = (text: string): AnswerableUIMessage => ({
  id: randomUUID(),
  role: "user",
  parts: [{ type: "text", text }],
});

/** Reads chunks until one satisfies `until`; the stream stays open for more. */
async function readUntil(
  reader: ReadableStreamDefaultReader<UIMessageChunk>,
  until: (chunk: UIMessageChunk) => boolean,
  into: UIMessageChunk[] = [],
): Promise<UIMessageChunk[]> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return into;
    into.push(value);
    if (until(value)) return into;
  }
}

async function messageOf(chunks: readonly UIMessageChunk[]): Promise<AnswerableUIMessage> {
  const schema = uiMessageChunkSchema();
  for (const chunk of chunks)
    expect(await schema.validate!(chunk)).toMatchObject({ success: true });
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: AnswerableUIMessage | undefined;
  for await (const message of readUIMessageStream<AnswerableUIMessage>({ stream })) last = message;
  return last!;
}

/** The reply as a page that loads the chat afterwards draws it: what a stream must have built. */
async function storedReply(fetch: typeof globalThis.fetch, chatId: string) {
  const chat = (await (await fetch(`/api/chats/${chatId}`)).json()) as ChatView;
  const reply = toUIMessages(chat).at(-1)!;
  return { ...reply, parts: [{ type: "step-start" }, ...reply.parts] };
}

function submit(transport: AnswerableChatTransport, chatId: string, message = said(PROMPT)) {
  return transport.sendMessages({
    trigger: "submit-message",
    chatId,
    messageId: undefined,
    messages: [message],
    abortSignal: undefined,
  });
}

async function newChat() {
  const person = await visitor();
  const { chatId } = await createChat({ visitorId: person.visitorId });
  return { ...person, chatId, transport: new AnswerableChatTransport({ fetch: person.fetch }) };
}

describe("the AI SDK transport, against the app's routes and log", () => {
  it("sends the message's text and nothing else, and streams its reply until the turn ends", async () => {
    const { chatId, fetch, requests, transport } = await newChat();
    const forged: AnswerableUIMessage = {
      ...said(PROMPT),
      parts: [
        { type: "text", text: PROMPT },
        // A client's own data part reaches no route: answers are only the answer routes'.
        { type: "data-diagnostic", id: "x", data: { itemId: "x", code: "forged", message: "x" } },
      ],
    };
    const stream = await submit(transport, chatId, forged);
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      { method: "POST", url: `/api/chats/${chatId}/messages`, body: { text: PROMPT } },
    ]);
    const reply = await claimedReply(chatId);
    const script = scriptedReply(reply, PROMPT, 6);
    await script.write(6);
    await script.end();
    const chunks = await readUntil(stream.getReader(), () => false);
    expect(chunks.at(-1)).toEqual({ type: "finish", finishReason: "stop" });
    expect(await messageOf(chunks)).toEqual(await storedReply(fetch, chatId));
    expect(await transport.reconnectToStream({ chatId })).toBeNull();
  });

  it("resumes a reply dropped mid-way from its start, with nothing lost or doubled", async () => {
    const { chatId, fetch, transport } = await newChat();
    const first = await submit(transport, chatId);
    const reply = await claimedReply(chatId);
    const script = scriptedReply(reply, PROMPT, 8);
    await script.write(3);
    const reader = first.getReader();
    const before = await readUntil(reader, (chunk) => chunk.type === "data-ui-block");
    expect(before.some((chunk) => chunk.type === "text-delta")).toBe(true);
    // The page goes away mid-reply; the reply goes on unread.
    await reader.cancel();
    await script.write(2);
    // A reload: a new page, its own transport, nothing in memory.
    const again = new AnswerableChatTransport({ fetch });
    expect(again.resumeStreamIsReplay).toBe(true);
    const resumed = await again.reconnectToStream({ chatId });
    expect(resumed).not.toBeNull();
    await script.write(3);
    await script.end();
    const chunks = await readUntil(resumed!.getReader(), () => false);
    expect(chunks[0]).toEqual({
      type: "start",
      messageId: reply.itemId,
      messageMetadata: {
        status: "streaming",
        position: expect.any(Number),
        revision: expect.any(Number),
      },
    });
    expect(await messageOf(chunks)).toEqual(await storedReply(fetch, chatId));
  });

  it("opens the log again at the last event read when the connection drops, and sends nothing twice", async () => {
    const { chatId, fetch, requests, transport, cutNextStreamAfter } = await newChat();
    cutNextStreamAfter(600);
    const stream = await submit(transport, chatId);
    const reply = await claimedReply(chatId);
    const script = scriptedReply(reply, PROMPT, 8);
    const reader = stream.getReader();
    await script.write(4);
    const chunks = await readUntil(reader, (chunk) => chunk.type === "data-ui-block");
    await script.write(4);
    await script.end();
    await readUntil(reader, () => false, chunks);
    const opened = requests.filter((request) => request.url.includes("/events?after="));
    expect(opened.length).toBeGreaterThan(1);
    const cursors = opened.map((request) => Number(request.url.split("after=")[1]));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(await messageOf(chunks)).toEqual(await storedReply(fetch, chatId));
  });

  it("writes a reply again on regenerate, as the message it replaces", async () => {
    const { chatId, fetch, transport } = await newChat();
    const sent = await submit(transport, chatId);
    const first = await claimedReply(chatId);
    const script = scriptedReply(first, PROMPT, 2);
    await script.write(2);
    await script.end();
    const message = await messageOf(await readUntil(sent.getReader(), () => false));

    const stream = await transport.sendMessages({
      trigger: "regenerate-message",
      chatId,
      messageId: message.id,
      messages: [said(PROMPT), message],
      abortSignal: undefined,
    });
    const second = await claimedReply(chatId);
    expect(second.itemId).toBe(message.id);
    const rewrite = scriptedReply(second, PROMPT, 2);
    await rewrite.write(2);
    await rewrite.end();
    const chunks = await readUntil(stream.getReader(), () => false);
    expect(chunks[0]).toEqual({
      type: "start",
      messageId: message.id,
      messageMetadata: {
        status: "streaming",
        position: expect.any(Number),
        revision: expect.any(Number),
      },
    });
    const again = await messageOf(chunks);
    expect(again).toEqual(await storedReply(fetch, chatId));
    const block = again.parts.find((part) => part.type === "data-ui-block");
    expect(block).toMatchObject({ data: { revision: 2, block: { revision: 2 } } });
  });

  it("wakes a page that is not streaming when the chat's log moves, and when the chat is deleted", async () => {
    const { chatId, fetch, transport } = await newChat();
    const { lastEventSeq } = await transport.readChat(chatId);
    const change = transport.nextChange(chatId, lastEventSeq);
    // Another tab sends a message: this page's stream of nothing hears of it.
    await fetch(`/api/chats/${chatId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: PROMPT }),
    });
    expect(await change).toBe("changed");
    const reply = await claimedReply(chatId);
    const script = scriptedReply(reply, PROMPT, 6);
    await script.write(6);
    await script.end();
    const after = (await transport.readChat(chatId)).lastEventSeq;
    expect(after).toBeGreaterThan(lastEventSeq);
    const deleted = transport.nextChange(chatId, after);
    await fetch(`/api/chats/${chatId}`, { method: "DELETE" });
    expect(await deleted).toBe("deleted");
  });

  it("gives the app's renderers the reply's item back from its message: blocks, answers, status", async () => {
    const { chatId, transport } = await newChat();
    const stream = await submit(transport, chatId);
    const reply = await claimedReply(chatId);
    const script = scriptedReply(reply, PROMPT, 6);
    await script.write(6);
    await script.end();
    const message = await messageOf(await readUntil(stream.getReader(), () => false));
    const chat = await transport.readChat(chatId);
    const item = chat.items.at(-1)!;
    const rebuilt = itemOfMessage(message);
    expect(rebuilt).toMatchObject({
      id: item.id,
      status: "complete",
      position: item.position,
      revision: item.revision,
      blocks: item.blocks,
      uiAnswers: item.uiAnswers,
      selections: item.selections,
      confirmations: item.confirmations,
      readings: item.readings,
      links: item.links,
    });
    expect(rebuilt.parts.map((part) => part.kind)).toEqual(
      item.parts.filter((part) => part.kind !== "placeholder").map((part) => part.kind),
    );
  });
});
