import { AppError } from "./errors";

/**
 * The visitor cookie: `<uuid>.<signature>`, signed with HMAC-SHA-256 over the id. Web Crypto only,
 * so the same code runs in the proxy, in route handlers and in pages, which all read it here.
 */
export const VISITOR_COOKIE = "answerable_visitor";
export const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * In production the cookie is `__Host-` prefixed: browsers accept it only with `Secure`, `Path=/`
 * and no `Domain`, so a sibling subdomain or a plain-http page cannot plant one for this host.
 */
export function visitorCookieName(secure: boolean): string {
  return secure ? `__Host-${VISITOR_COOKIE}` : VISITOR_COOKIE;
}

export function visitorCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: VISITOR_COOKIE_MAX_AGE } as const;
}

export type CookieSettings = { secret: string; secure: boolean };

/**
 * What a request's `Cookie` header says about its visitor. Two cookies of the visitor's name are
 * refused rather than one picked: whoever could plant the second (a sibling subdomain, a page over
 * plain http) would otherwise choose which visitor the request acts as.
 */
export type VisitorLookup = { status: "valid"; id: string } | { status: "missing" } | { status: "duplicate" };

export async function findVisitor(header: string | null, { secret, secure }: CookieSettings): Promise<VisitorLookup> {
  const values = cookieValues(header, visitorCookieName(secure));
  if (values.length > 1) return { status: "duplicate" };
  const id = await verifyVisitorCookie(values[0], secret);
  return id ? { status: "valid", id } : { status: "missing" };
}

export function duplicateCookie(): AppError {
  return new AppError("duplicate-cookie", "The request carries two visitor cookies; clear this site's cookies and reload.");
}

/** The `Cookie` header with the visitor cookie replaced by `value`, for the request the proxy forwards. */
export function withVisitorCookie(header: string | null, secure: boolean, value: string): string {
  const name = visitorCookieName(secure);
  const others = splitCookies(header).filter((pair) => pair.name !== name).map((pair) => `${pair.name}=${pair.value}`);
  return [...others, `${name}=${value}`].join("; ");
}

// Values are taken as sent, never percent-decoded: a signed value is plain base64url and a dot.
function splitCookies(header: string | null): Array<{ name: string; value: string }> {
  const pairs: Array<{ name: string; value: string }> = [];
  for (const pair of (header ?? "").split(";")) {
    const index = pair.indexOf("=");
    if (index > 0) pairs.push({ name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() });
  }
  return pairs;
}

function cookieValues(header: string | null, name: string): string[] {
  return splitCookies(header)
    .filter((pair) => pair.name === name)
    .map((pair) => pair.value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

// An HMAC-SHA-256 signature: 32 bytes, 43 characters of unpadded base64url.
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!SIGNATURE.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function signVisitorId(id: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(id));
  return `${id}.${toBase64Url(signature)}`;
}

/** The visitor id in a cookie value, or null when it is malformed or its signature is wrong. */
export async function verifyVisitorCookie(value: string | undefined, secret: string): Promise<string | null> {
  if (!value) return null;
  const [id, signature, extra] = value.split(".");
  if (!id || !signature || extra !== undefined || !UUID.test(id)) return null;
  const bytes = fromBase64Url(signature);
  if (!bytes) return null;
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, new TextEncoder().encode(id));
  return valid ? id : null;
}
