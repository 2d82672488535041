import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { appConfig } from "@/lib/config";
import { AppError } from "./errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Vercel Cron sends `Authorization: Bearer <CRON_SECRET>`; no secret configured admits nobody. Constant-time compare. */
export function assertCronRequest(
  request: Request,
  secret: string | undefined = appConfig().cronSecret,
): void {
  const header = request.headers.get("authorization") ?? "";
  if (!secret || !timingSafeEqual(digest(header), digest(`Bearer ${secret}`))) {
    throw new AppError("unauthorized");
  }
}
