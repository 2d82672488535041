// Visitor cookies as the server signs them, for the expired-cookie check: the project's own
// signing, never a copy of it.
import { signVisitorId } from "@/lib/http/visitor";

// The issue time is the signing's third argument (seconds since 1970) in the format that carries
// one; a format without it ignores the argument, and its cookies never expire.
const sign = signVisitorId as (
  id: string,
  secret: string,
  issuedAtSeconds?: number,
) => Promise<string>;

/** The cookie value the server would have issued to `id` at `issuedAt`. */
export function cookieIssuedAt(id: string, secret: string, issuedAt: Date): Promise<string> {
  return sign(id, secret, Math.floor(issuedAt.getTime() / 1000));
}
