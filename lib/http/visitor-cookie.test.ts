import { describe, expect, it } from "vitest";
import { findVisitor, signVisitorId, verifyVisitorCookie, visitorCookieOptions, withVisitorCookie } from "./visitor-cookie";

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

describe("reading the visitor from a Cookie header", () => {
  const plain = { secret: SECRET, secure: false };
  const secure = { secret: SECRET, secure: true };

  it("finds the one valid cookie of the mode's name, among others", async () => {
    const value = await signVisitorId(ID, SECRET);
    expect(await findVisitor(`theme=dark; answerable_visitor=${value}; x=%ZZ`, plain)).toEqual({ status: "valid", id: ID });
    expect(await findVisitor(`__Host-answerable_visitor=${value}`, secure)).toEqual({ status: "valid", id: ID });
  });

  it("ignores the plain name where cookies are secure, and never throws on a malformed value", async () => {
    const value = await signVisitorId(ID, SECRET);
    expect(await findVisitor(`answerable_visitor=${value}`, secure)).toEqual({ status: "missing" });
    for (const header of [null, "", "answerable_visitor=%ZZ", "answerable_visitor", "=x; ;;"]) {
      expect(await findVisitor(header, plain), String(header)).toEqual({ status: "missing" });
    }
  });

  it("refuses two cookies of the visitor's name, whichever is valid", async () => {
    const value = await signVisitorId(ID, SECRET);
    for (const header of [`answerable_visitor=%ZZ; answerable_visitor=${value}`, `answerable_visitor=${value}; answerable_visitor=${value}`]) {
      expect(await findVisitor(header, plain)).toEqual({ status: "duplicate" });
    }
  });

  it("forwards exactly one visitor cookie after issuing one, keeping the others", () => {
    expect(withVisitorCookie("theme=dark; answerable_visitor=old", false, "new")).toBe("theme=dark; answerable_visitor=new");
    expect(withVisitorCookie(null, true, "new")).toBe("__Host-answerable_visitor=new");
    expect(visitorCookieOptions(true)).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "lax" });
  });
});
