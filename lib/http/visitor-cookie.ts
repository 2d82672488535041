/**
 * The visitor cookie: `<uuid>.<signature>`, signed with HMAC-SHA-256 over the id. Web Crypto only,
 * so the same code runs in the proxy and in route handlers.
 */
export const VISITOR_COOKIE = "answerable_visitor";
export const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

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
