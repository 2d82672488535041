// A long chat's history written straight into its tables, as finished exchanges after its last
// item: a test or a load run gets hundreds of items in a second instead of as many replies.
import { randomUUID } from "node:crypto";
import { withSession } from "../db/session";

/** The person's message and the reply of exchange `index` (from 1). */
export type Exchange = (index: number) => { message: string; reply: string };

export const numbered: Exchange = (index) => ({
  message: `Message ${index}`,
  reply: `Reply ${index}`,
});

export async function addHistory(
  connectionString: string,
  chatId: string,
  count: number,
  exchange: Exchange = numbered,
): Promise<void> {
  await withSession(connectionString, (sql) =>
    sql.begin(async (tx) => {
      const [chat] = await tx.unsafe<{ lastPosition: number }[]>(
        `SELECT "lastPosition" FROM "Chat" WHERE "id" = $1 FOR UPDATE`,
        [chatId],
      );
      const last = chat!.lastPosition;
      for (let index = 1; index <= count; index++) {
        const { message, reply } = exchange(index);
        for (const [offset, role, text] of [
          [-1, "user", message],
          [0, "assistant", reply],
        ] as const) {
          await tx.unsafe(
            `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "blocks", "revision", "completedAt")
             VALUES ($1, $2, $3, $4, 'complete', $5, $6, '[]', $7, now())`,
            [
              randomUUID(),
              chatId,
              last + 2 * index + offset,
              role,
              text,
              [{ kind: "text", text }],
              role === "assistant" ? 1 : 0,
            ],
          );
        }
      }
      await tx.unsafe(`UPDATE "Chat" SET "lastPosition" = $2 WHERE "id" = $1`, [
        chatId,
        last + 2 * count,
      ]);
    }),
  );
}
