import { expect, test } from "@playwright/test";
import { NoticeListener } from "@/lib/chat/stream/notice-listener";
import { DEFAULT_MIGRATIONS_DIR, readLocalMigrations } from "@/lib/db/migrate";
import { PARITY_CRON_SECRET } from "../../scripts/parity/deploy-env";
import { A, B, DIRECT_URL, POOLED_URL, query } from "./support";

test.describe("a deployment as Vercel runs it, on a pooled database", () => {
  test("the build step applied every migration to the fresh database, through the direct URL", async () => {
    // scripts/test.mjs created this database empty just before `npm run vercel-build`; the
    // instances never migrate, so every row here was written by the build.
    const local = (await readLocalMigrations(DEFAULT_MIGRATIONS_DIR)).map(
      (migration) => migration.name,
    );
    const applied = await query<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(applied.map((row) => row.migration_name)).toEqual(local);
    expect(applied.every((row) => row.finished_at !== null)).toBe(true);
  });

  test("built and started with only what the Deploy button sets, the sweep admits the CRON_SECRET typed in", async ({
    request,
  }) => {
    // The build and both instances ran without any other app variable (withoutAppVariables).
    for (const origin of [A, B]) {
      expect(
        (
          await request.get(`${origin}/api/cron/sweep`, {
            headers: { authorization: `Bearer ${PARITY_CRON_SECRET}` },
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await request.get(`${origin}/api/cron/sweep`, {
            headers: { authorization: `Bearer ${PARITY_CRON_SECRET}-guess` },
          })
        ).status(),
      ).toBe(401);
    }
  });

  test("both instances report LISTEN live over DATABASE_URL_UNPOOLED in /api/health", async ({
    request,
  }) => {
    for (const origin of [A, B]) {
      const response = await request.get(`${origin}/api/health`);
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({
        status: "ok",
        database: "ok",
        listener: { state: "live", via: "DATABASE_URL_UNPOOLED" },
      });
    }
  });

  test("a listener on the pooled URL is found deaf, not trusted: LISTEN is accepted there but never delivers", async () => {
    const states: Record<string, string> = {};
    for (const [name, url] of [
      ["pooled", POOLED_URL],
      ["direct", DIRECT_URL],
    ] as const) {
      const listener = new NoticeListener("DATABASE_URL", url, () => {});
      try {
        await listener.start();
        states[name] = listener.state;
      } finally {
        await listener.stop();
      }
    }
    expect(states).toEqual({ pooled: "deaf", direct: "live" });
  });
});
