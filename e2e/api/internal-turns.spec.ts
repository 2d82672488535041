import { expect, test } from "./contract";
import { createChat } from "../support";

test("the internal turn route answers 404 to a request this deployment did not sign", async ({
  request,
  baseURL,
}) => {
  const chatId = await createChat(request, baseURL);
  const now = Date.now();
  const forgeries: Record<string, string>[] = [
    {},
    { "x-answerable-turn": "" },
    { "x-answerable-turn": `${now}.forged` },
    { "x-answerable-turn": `${now - 3_600_000}.${"A".repeat(43)}` },
  ];
  for (const headers of forgeries) {
    const response = await request.post(`/api/internal/turns/${chatId}`, { headers });
    expect(response.status(), JSON.stringify(headers)).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not-found" });
  }
});
