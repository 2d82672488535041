import { db } from "./client";

/** True when the database answers a trivial query; the reason is logged, never returned. */
export async function pingDatabase(): Promise<boolean> {
  try {
    await db().$queryRaw`SELECT 1`;
    return true;
  } catch (error) {
    console.error("health: database unreachable", error);
    return false;
  }
}
