// What the load clients answer: for each client (a visitor of its own), chats of its own holding a
// fresh ChoiceList, a fresh block with Choices, or nothing yet (for messages). Every request of a
// run goes to a different frame, block or chat, so none waits on another's chat lock.
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { CHECKLIST, DESTINATION, type Rows } from "../reliability/chats";
import { Visitor } from "../reliability/http";
import { settle } from "./measure";

export type Kind = "selections" | "ui-choices" | "messages";
export type Target = { visitor: Visitor; chatId: string; path: string; body: unknown };

type BlockNode = { id: string; type: string; text?: string; children: BlockNode[] };
type ReplyRow = {
  chatId: string;
  id: string;
  revision: number;
  blocks: Array<{ id: string; nodes: BlockNode[] }> | null;
};

const PROMPTS: Record<Kind, string | undefined> = {
  selections: DESTINATION,
  "ui-choices": CHECKLIST,
  messages: undefined,
};

/** Runs `task` over the items, at most `concurrency` at once. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

async function createChat(visitor: Visitor, prompt: string | undefined): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await visitor.post("/api/chats", prompt ? { message: prompt } : {});
    if (created.status === 201) return String(created.body.chatId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`setup: a chat could not be created for "${prompt ?? "(empty)"}"`);
}

/** Chats of `perClient` each for `clients` new visitors, settled; their replies read from the database. */
export async function prepareTargets(
  base: string,
  rows: Rows,
  kind: Kind,
  clients: number,
  perClient: number,
): Promise<Target[][]> {
  const visitors = Array.from({ length: clients }, () => new Visitor(base));
  const chats: string[][] = visitors.map(() => []);
  // A visitor's first request takes its cookie, so each visitor creates its chats one at a time.
  await inPool(visitors, 16, async (visitor, index) => {
    for (let made = 0; made < perClient; made++)
      chats[index]!.push(await createChat(visitor, PROMPTS[kind]));
  });
  const chatIds = chats.flat();
  if ((await settle(rows, chatIds, 180_000, 200)) > 0)
    throw new Error(`setup: the ${kind} chats did not settle`);
  const replies = new Map(
    (
      await rows.all<ReplyRow>(
        `SELECT "chatId", "id", "revision", "blocks" FROM "Item" WHERE "chatId" = ANY($1::uuid[]) AND "role" = 'assistant' AND "parentToolUseId" IS NULL`,
        [chatIds],
      )
    ).map((row) => [row.chatId, row]),
  );
  let sequence = 0;
  return visitors.map((visitor, index) =>
    chats[index]!.map((chatId): Target => {
      const reply = replies.get(chatId);
      if (kind === "messages")
        return {
          visitor,
          chatId,
          path: `/api/chats/${chatId}/messages`,
          body: { text: `Load message ${++sequence}` },
        };
      if (!reply) throw new Error(`setup: chat ${chatId} has no reply`);
      if (kind === "selections")
        return {
          visitor,
          chatId,
          path: `/api/chats/${chatId}/selections`,
          body: { itemId: reply.id, instanceId: "destination-choice", choiceId: "docs" },
        };
      const block = reply.blocks?.[0];
      if (!block) throw new Error(`setup: the reply in ${chatId} has no block`);
      const body = {
        itemId: reply.id,
        blockId: block.id,
        revision: reply.revision,
        choiceId: choiceIdByLabel(block.nodes, "Hold"),
        values: {},
      };
      return { visitor, chatId, path: `/api/chats/${chatId}/ui-choices`, body };
    }),
  );
}
