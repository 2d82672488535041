import { expect, test } from "@playwright/test";
import { createChat, sameOrigin, settledChat } from "../support";

test("a chat's queue is bounded: past its limit a message gets 429 with Retry-After and nothing is written", async ({ request, baseURL }) => {
  const chatId = await createChat(request, baseURL, "Tell me a long story, slowly");
  const send = (text: string) => request.post(`/api/chats/${chatId}/messages`, { headers: sameOrigin(baseURL), data: { text } });
  for (let index = 0; index < 20; index++) {
    const queued = await send(`waiting ${index}`);
    expect(queued.status()).toBe(202);
    expect(await queued.json()).toMatchObject({ status: "queued" });
  }
  const refused = await send("one too many");
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toBe("10");
  expect(await refused.json()).toMatchObject({ code: "queue-full" });
  const chat = await settledChat(request, chatId);
  expect(chat.items.filter((item) => item.role === "user")).toHaveLength(21);
});
