import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appConfig } from "@/lib/config";
import { env } from "@/lib/env";
import { turnWaits } from "../store/turns";

/** Each turn gets its own invocation (decision 010), asked for with a signed internal POST. */
export const TURN_SIGNATURE_HEADER = "x-answerable-turn";
// Either side of now: enough for clock skew between instances.
const SIGNATURE_WINDOW_MS = 60_000;

// Derived, so a signature made for one purpose (a visitor cookie) never passes for another.
function turnKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("answerable internal turn request v1").digest();
}

export function signTurnRequest(
  chatId: string,
  at = Date.now(),
  secret = appConfig().sessionSecret,
): string {
  const mac = createHmac("sha256", turnKey(secret)).update(`${chatId}.${at}`).digest("base64url");
  return `${at}.${mac}`;
}

export function verifyTurnRequest(
  chatId: string,
  signature: string | null,
  now = Date.now(),
  secret = appConfig().sessionSecret,
): boolean {
  const at = Number(signature?.split(".")[0]);
  if (!signature || !Number.isSafeInteger(at) || Math.abs(now - at) > SIGNATURE_WINDOW_MS)
    return false;
  const expected = Buffer.from(signTurnRequest(chatId, at, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// On Vercel the deployment's own URL reaches the same deployment; elsewhere, this server's port.
function internalOrigin(): string {
  const { VERCEL_URL, PORT } = env();
  return VERCEL_URL ? `https://${VERCEL_URL}` : `http://127.0.0.1:${PORT}`;
}

/** A request that fails is only logged: the turn waits unclaimed until a request or a watching page starts it. */
export async function requestTurn(chatId: string): Promise<void> {
  const headers: Record<string, string> = { [TURN_SIGNATURE_HEADER]: signTurnRequest(chatId) };
  const { VERCEL_AUTOMATION_BYPASS_SECRET: bypass } = env();
  if (bypass) headers["x-vercel-protection-bypass"] = bypass;
  try {
    const response = await fetch(`${internalOrigin()}/api/internal/turns/${chatId}`, {
      method: "POST",
      headers,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status !== 202)
      console.error(
        `Handing a turn to a new invocation was answered ${response.status}; it waits for the next request to the chat`,
      );
  } catch (error) {
    console.error(
      "Handing a turn to a new invocation failed; it waits for the next request to the chat",
      error,
    );
  }
}

export type HandOff = (chatId: string) => Promise<void>;

/** After a turn, and for every chat recovery hands back. */
export async function handOffNextTurn(chatId: string): Promise<void> {
  if (await turnWaits(chatId)) await requestTurn(chatId);
}

/** Tests and scripts have no server to ask, so there the caller runs the whole queue itself. */
export function defaultHandOff(): HandOff | null {
  return env().NEXT_RUNTIME ? handOffNextTurn : null;
}
