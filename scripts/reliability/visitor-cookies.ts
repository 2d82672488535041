// Visitor cookies as the server signs them, for the expired-cookie check: the project's own
// signing, never a copy of it.
import { signVisitorId } from "@/lib/http/visitor-cookie";

/**
 * The cookie value the server would have issued to `id` at `issuedAt`. This format signs the id
 * alone, with no issue time: a cookie signed today is the same as one signed years ago, and never
 * expires, so `issuedAt` has nothing to change.
 */
export async function cookieIssuedAt(id: string, secret: string, issuedAt: Date): Promise<string> {
  void issuedAt;
  return signVisitorId(id, secret);
}
