import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  findVisitor,
  LEGACY_ISSUED_AT,
  signVisitorId,
  verifyVisitorCookie,
  visitorCookieOptions,
  withVisitorCookie,
} from "./visitor";

const SECRET = "a-test-secret-of-some-length";
const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const DAY = 86_400;
const MAX_AGE = 400 * DAY;
const ISSUED = 1_800_000_000;
/** Verification at a given time, `ISSUED` plus some seconds. */
const at = (seconds: number) => ({ maxAgeSeconds: MAX_AGE, now: () => ISSUED + seconds });

describe("visitor cookie", () => {
  it("verifies what it signed, and only with the same secret", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    expect(value).toMatch(new RegExp(`^${ID}\\.${ISSUED}\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifyVisitorCookie(value, SECRET, at(0))).toEqual({ id: ID, issuedAt: ISSUED });
    expect(await verifyVisitorCookie(value, `${SECRET}-rotated`, at(0))).toBeNull();
  });

  it("refuses a signature moved to another id or another issue time", async () => {
    const [, issued, signature] = (await signVisitorId(ID, SECRET, ISSUED)).split(".");
    expect(
      await verifyVisitorCookie(
        `00000000-0000-4000-8000-000000000000.${issued}.${signature}`,
        SECRET,
        at(0),
      ),
    ).toBeNull();
    expect(
      await verifyVisitorCookie(`${ID}.${ISSUED + DAY}.${signature}`, SECRET, at(0)),
    ).toBeNull();
    expect(await verifyVisitorCookie(`${ID}.${signature}`, SECRET, at(0))).toBeNull();
  });

  it("is valid up to its maximum age, and not before it was issued beyond the clocks' skew", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    expect(await verifyVisitorCookie(value, SECRET, at(MAX_AGE))).toEqual({
      id: ID,
      issuedAt: ISSUED,
    });
    expect(await verifyVisitorCookie(value, SECRET, at(MAX_AGE + 1))).toBeNull();
    expect(
      await verifyVisitorCookie(value, SECRET, { maxAgeSeconds: DAY, now: () => ISSUED + DAY + 1 }),
    ).toBeNull();
    expect(await verifyVisitorCookie(value, SECRET, at(-300))).not.toBeNull();
    expect(await verifyVisitorCookie(value, SECRET, at(-301))).toBeNull();
  });

  it("reads a cookie without an issue time as issued when issue times began, so it expires like one", async () => {
    const legacy = `${ID}.${createHmac("sha256", SECRET).update(ID).digest("base64url")}`;
    const since = (seconds: number) => ({
      maxAgeSeconds: MAX_AGE,
      now: () => LEGACY_ISSUED_AT + seconds,
    });
    expect(await verifyVisitorCookie(legacy, SECRET, since(DAY))).toEqual({
      id: ID,
      issuedAt: LEGACY_ISSUED_AT,
    });
    expect(await verifyVisitorCookie(legacy, SECRET, since(MAX_AGE + 1))).toBeNull();
    expect(await verifyVisitorCookie(legacy, `${SECRET}-rotated`, since(DAY))).toBeNull();
  });

  it("answers null, never throws, for malformed values", async () => {
    const signature = "A".repeat(43);
    const malformed = [
      undefined,
      "",
      ID,
      `${ID}.`,
      `${ID}.A`,
      `${ID}.AAAAA`,
      `${ID}.${ISSUED}.${signature}.x`,
      `not-a-uuid.${signature}`,
      `${ID}.${"%".repeat(43)}`,
    ];
    for (const issued of ["", "-1", "0", "01", "1e9", "1.5", "9".repeat(13)])
      malformed.push(`${ID}.${issued}.${signature}`);
    for (const value of malformed)
      expect(await verifyVisitorCookie(value, SECRET, at(0)), value).toBeNull();
  });
});

describe("reading the visitor from a Cookie header", () => {
  const plain = { secret: SECRET, secure: false, ...at(0) };
  const secure = { secret: SECRET, secure: true, ...at(0) };

  it("finds the one valid cookie of the mode's name, among others", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    expect(await findVisitor(`theme=dark; answerable_visitor=${value}; x=%ZZ`, plain)).toEqual({
      status: "valid",
      id: ID,
      renew: false,
    });
    expect(await findVisitor(`__Host-answerable_visitor=${value}`, secure)).toEqual({
      status: "valid",
      id: ID,
      renew: false,
    });
  });

  it("asks for a renewal once a day has passed, and takes an expired cookie for none", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    const header = `answerable_visitor=${value}`;
    expect(await findVisitor(header, { ...plain, ...at(DAY - 1) })).toEqual({
      status: "valid",
      id: ID,
      renew: false,
    });
    expect(await findVisitor(header, { ...plain, ...at(DAY) })).toEqual({
      status: "valid",
      id: ID,
      renew: true,
    });
    // With a short maximum age, renewed at half of it.
    expect(
      await findVisitor(header, { ...plain, maxAgeSeconds: DAY, now: () => ISSUED + DAY / 2 }),
    ).toEqual({ status: "valid", id: ID, renew: true });
    expect(await findVisitor(header, { ...plain, ...at(MAX_AGE + 1) })).toEqual({
      status: "missing",
    });
  });

  it("ignores the plain name where cookies are secure, and never throws on a malformed value", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    expect(await findVisitor(`answerable_visitor=${value}`, secure)).toEqual({ status: "missing" });
    for (const header of [null, "", "answerable_visitor=%ZZ", "answerable_visitor", "=x; ;;"]) {
      expect(await findVisitor(header, plain), String(header)).toEqual({ status: "missing" });
    }
  });

  it("refuses two cookies of the visitor's name, whichever is valid", async () => {
    const value = await signVisitorId(ID, SECRET, ISSUED);
    for (const header of [
      `answerable_visitor=%ZZ; answerable_visitor=${value}`,
      `answerable_visitor=${value}; answerable_visitor=${value}`,
    ]) {
      expect(await findVisitor(header, plain)).toEqual({ status: "duplicate" });
    }
  });

  it("forwards exactly one visitor cookie after issuing one, keeping the others", () => {
    expect(withVisitorCookie("theme=dark; answerable_visitor=old", false, "new")).toBe(
      "theme=dark; answerable_visitor=new",
    );
    expect(withVisitorCookie(null, true, "new")).toBe("__Host-answerable_visitor=new");
    expect(visitorCookieOptions(true, MAX_AGE)).toMatchObject({
      secure: true,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      maxAge: MAX_AGE,
    });
  });
});
