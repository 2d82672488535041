// Visitor cookies as the server signs them, for the expired-cookie check: the project's own
// signing, never a copy of it.
import { signVisitorId, VISITOR_COOKIE_MAX_AGE } from "@/lib/http/visitor-cookie";

/** How long a visitor cookie lives. */
export const VISITOR_COOKIE_MAX_AGE_MS = VISITOR_COOKIE_MAX_AGE * 1000;

/**
 * The cookie value the server would have issued to `id` at `issuedAt`. This format signs the id
 * alone, with no issue time: a cookie signed today is the same as one signed years ago, and never
 * expires.
 */
export async function cookieIssuedAt(id: string, secret: string, issuedAt: Date): Promise<string> {
  void issuedAt;
  return signVisitorId(id, secret);
}
