import { expect, test } from "@playwright/test";

test("GET /api/health reports the database reachable and LISTEN proven live", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  // Only DATABASE_URL is set here, a direct URL: it serves LISTEN too.
  expect(await response.json()).toMatchObject({ status: "ok", database: "ok", listener: { state: "live", via: "DATABASE_URL" } });
});
