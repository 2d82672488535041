import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppConfig } from "@/lib/config";
import { AppError } from "./errors";

/**
 * `<uuid>.<issued>.<signature>` (HMAC-SHA-256), reissued as used, so only one left unused past its
 * maximum age expires. The proxy (on Node.js, as every proxy in Next 16), routes and pages share it.
 */
export const VISITOR_COOKIE = "answerable_visitor";

/** A cookie older than this (or half the maximum age, if shorter) is issued again as it is used. */
export const RENEW_AFTER_SECONDS = 86_400;

/** Cookies from before issue times (`<uuid>.<signature>`) count as issued 2026-12-01 UTC, so unused ones expire too. */
export const LEGACY_ISSUED_AT = Date.UTC(2026, 11, 1) / 1000;

// Instances' clocks differ a little; a time further ahead than this was not issued by one of them.
const CLOCK_SKEW_SECONDS = 300;

/** `__Host-` in production: only with `Secure`, `Path=/` and no `Domain`, so no sibling subdomain or http page can plant one. */
export function visitorCookieName(secure: boolean): string {
  return secure ? `__Host-${VISITOR_COOKIE}` : VISITOR_COOKIE;
}

export function visitorCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: maxAgeSeconds } as const;
}

/** `now`: seconds since 1970, injectable for tests. */
export type CookieLifetime = { maxAgeSeconds: number; now?: () => number };
export type CookieSettings = CookieLifetime & { secret: string; secure: boolean };

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export function cookieSettings(
  config: Pick<AppConfig, "sessionSecret" | "secureCookies" | "visitorCookieMaxAgeSeconds">,
): CookieSettings {
  return {
    secret: config.sessionSecret,
    secure: config.secureCookies,
    maxAgeSeconds: config.visitorCookieMaxAgeSeconds,
  };
}

/** Two cookies of the name are refused, not one picked: whoever planted the second would choose the visitor. */
export type VisitorLookup =
  { status: "valid"; id: string; renew: boolean } | { status: "missing" } | { status: "duplicate" };

/** An expired cookie is `missing`, as no cookie: its bearer is a new visitor. `renew`: issue it again. */
export async function findVisitor(
  header: string | null,
  { secret, secure, ...lifetime }: CookieSettings,
): Promise<VisitorLookup> {
  const values = cookieValues(header, visitorCookieName(secure));
  if (values.length > 1) return { status: "duplicate" };
  const found = await verifyVisitorCookie(values[0], secret, lifetime);
  if (!found) return { status: "missing" };
  const renewAfter = Math.min(RENEW_AFTER_SECONDS, lifetime.maxAgeSeconds / 2);
  return {
    status: "valid",
    id: found.id,
    renew: (lifetime.now ?? nowInSeconds)() - found.issuedAt >= renewAfter,
  };
}

export function duplicateCookie(): AppError {
  return new AppError("duplicate-cookie");
}

/** The `Cookie` header with the visitor cookie replaced by `value`, for the request the proxy forwards. */
export function withVisitorCookie(header: string | null, secure: boolean, value: string): string {
  const name = visitorCookieName(secure);
  const others = splitCookies(header)
    .filter((pair) => pair.name !== name)
    .map((pair) => `${pair.name}=${pair.value}`);
  return [...others, `${name}=${value}`].join("; ");
}

// Values are taken as sent, never percent-decoded: a signed value is plain base64url and a dot.
function splitCookies(header: string | null): Array<{ name: string; value: string }> {
  const pairs: Array<{ name: string; value: string }> = [];
  for (const pair of (header ?? "").split(";")) {
    const index = pair.indexOf("=");
    if (index > 0)
      pairs.push({ name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() });
  }
  return pairs;
}

function cookieValues(header: string | null, name: string): string[] {
  return splitCookies(header)
    .filter((pair) => pair.name === name)
    .map((pair) => pair.value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISSUED = /^[1-9][0-9]{0,11}$/;
// An HMAC-SHA-256 signature: 32 bytes, 43 characters of unpadded base64url.
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function fromBase64Url(text: string): Buffer | null {
  return SIGNATURE.test(text) ? Buffer.from(text, "base64url") : null;
}

/** A cookie value for the visitor, issued at `issuedAt` (seconds since 1970; now by default). */
export async function signVisitorId(
  id: string,
  secret: string,
  issuedAt = nowInSeconds(),
): Promise<string> {
  const signed = `${id}.${issuedAt}`;
  return `${signed}.${signature(signed, secret)}`;
}

/** The visitor in a cookie value, or null when it is malformed, its signature is wrong, or it expired. */
export async function verifyVisitorCookie(
  value: string | undefined,
  secret: string,
  { maxAgeSeconds, now = nowInSeconds }: CookieLifetime,
): Promise<{ id: string; issuedAt: number } | null> {
  const parts = value?.split(".") ?? [];
  if (parts.length !== 2 && parts.length !== 3) return null;
  const [id, issued, mac] = parts.length === 2 ? [parts[0], undefined, parts[1]] : parts;
  if (!id || !mac || !UUID.test(id) || (issued !== undefined && !ISSUED.test(issued))) return null;
  const bytes = fromBase64Url(mac);
  const signed = issued === undefined ? id : `${id}.${issued}`;
  if (!bytes || !timingSafeEqual(bytes, hmac(signed, secret))) return null;
  const issuedAt = issued === undefined ? LEGACY_ISSUED_AT : Number(issued);
  const age = now() - issuedAt;
  return age <= maxAgeSeconds && age >= -CLOCK_SKEW_SECONDS ? { id, issuedAt } : null;
}

// Node's own HMAC, in the calling thread: Web Crypto's goes to the thread pool and back, at about
// five times the CPU a check, and the proxy and the route each check the cookie.
function hmac(text: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(text).digest();
}

function signature(text: string, secret: string): string {
  return hmac(text, secret).toString("base64url");
}
