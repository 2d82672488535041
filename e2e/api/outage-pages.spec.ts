import type { APIResponse } from "@playwright/test";
import { expect, test } from "./contract";
import { OUTAGE_SENTENCE } from "../../lib/outage-page";
import { serverBehindDoor } from "../database-door";
import { createChat } from "../support";

async function expectOutagePage(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(503);
  expect(response.headers()["retry-after"]).toBe("5");
  expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
  const html = await response.text();
  expect(html).toContain(OUTAGE_SENTENCE);
  expect(html).toContain("Trying again in 5 seconds…");
  expect(html).toContain(">Try again</button>");
  // The page reloads itself: its countdown script runs under the response's own policy.
  const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
  expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
}

test("pages answer 503 with a page that retries while the database is out of reach, and open again once it is back", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const { door, server } = await serverBehindDoor();
  const request = await playwright.request.newContext({ baseURL: server.base });
  try {
    const chatId = await createChat(request, server.base);
    for (const path of ["/", `/chats/${chatId}`])
      expect((await request.get(path)).status(), path).toBe(200);

    await door.shut();
    for (const path of ["/", `/chats/${chatId}`]) await expectOutagePage(await request.get(path));
    // A client navigation asks for the same page's data: it gets the outage page too.
    await expectOutagePage(await request.get(`/chats/${chatId}`, { headers: { rsc: "1" } }));
    // The API keeps its own answer.
    const api = await request.get(`/api/chats/${chatId}`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toMatchObject({ code: "database-unavailable" });

    await door.open();
    for (const path of ["/", `/chats/${chatId}`]) {
      await expect
        .poll(async () => (await request.get(path)).status(), { message: path, timeout: 20_000 })
        .toBe(200);
    }
    expect(await (await request.get(`/chats/${chatId}`)).text()).not.toContain(OUTAGE_SENTENCE);
  } finally {
    await request.dispose();
    await server.stop();
    await door.shut();
  }
});
