import { describe, expect, it } from "vitest";
import { signVisitorId, verifyVisitorCookie } from "./visitor-cookie";

const SECRET = "a-test-secret-of-some-length";
const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("visitor cookie", () => {
  it("verifies what it signed, and only with the same secret", async () => {
    const value = await signVisitorId(ID, SECRET);
    expect(await verifyVisitorCookie(value, SECRET)).toBe(ID);
    expect(await verifyVisitorCookie(value, `${SECRET}-rotated`)).toBeNull();
  });

  it("refuses a signature moved to another id", async () => {
    const signature = (await signVisitorId(ID, SECRET)).split(".")[1];
    expect(await verifyVisitorCookie(`00000000-0000-4000-8000-000000000000.${signature}`, SECRET)).toBeNull();
  });

  it("answers null, never throws, for malformed values", async () => {
    const malformed = [undefined, "", ID, `${ID}.`, `${ID}.A`, `${ID}.AAAAA`, `${ID}.${"A".repeat(43)}.x`, `not-a-uuid.${"A".repeat(43)}`, `${ID}.${"%".repeat(43)}`];
    for (const value of malformed) expect(await verifyVisitorCookie(value, SECRET)).toBeNull();
  });
});
