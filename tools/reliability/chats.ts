// Chat helpers the scenarios share: start a chat as a visitor, wait for it to settle, find a
// block's Choices, and read what Postgres holds, which is what every figure is checked against.
import postgres from "postgres";
import type { Param } from "@/scripts/db/session";
import { type Visitor, waitUntil } from "./http";

export const CHECKLIST = "Walk me through a release checklist";
export const DESTINATION = "Where should we go next?";
export const EMAIL = "Email the release notes";
export const STORY = "Tell me a long story";
/** Values a person can set in the release checklist for its "Release to" Choice. */
export const READY = {
  $checks: ["tests", "docs"],
  $notify: true,
  $rollout: 100,
  $target: "production",
};

export type ChatItem = {
  id: string;
  role: string;
  status: string;
  revision: number;
  parts: Array<{ kind: string; text?: string }>;
  blocks: Record<string, { id: string; nodes: BlockNode[] }>;
  selections: Record<string, { confirmationToken: string | null }>;
};
export type ChatBody = { running: boolean; queued: unknown[]; items: ChatItem[] };
type BlockNode = { id: string; type: string; text?: string; children: BlockNode[] };

/** Creates a chat with a first message; returns its id, or null when the server refused. */
export async function startChat(visitor: Visitor, message?: string): Promise<string | null> {
  const created = await visitor.post("/api/chats", message ? { message } : {});
  return created.status === 201 ? String(created.body.chatId) : null;
}

/** The whole chat once no turn runs and nothing waits, or null if that did not happen in time. */
export async function settledChat(
  visitor: Visitor,
  chatId: string,
  timeoutMs = 60_000,
): Promise<ChatBody | null> {
  let chat: ChatBody | null = null;
  const settled = await waitUntil(
    async () => {
      const read = await visitor.get(`/api/chats/${chatId}?from=0`);
      if (read.status !== 200) return false;
      chat = read.body as unknown as ChatBody;
      return !chat.running && chat.queued.length === 0;
    },
    timeoutMs,
    150,
  );
  return settled ? chat : null;
}

/** A chat with its first reply finished, or an error naming the prompt that got none. */
export async function repliedChat(
  visitor: Visitor,
  message: string,
): Promise<{ chatId: string; reply: ChatItem }> {
  const chatId = await startChat(visitor, message);
  const chat = chatId ? await settledChat(visitor, chatId) : null;
  if (!chatId || !chat) throw new Error(`setup: "${message}" did not get a reply`);
  return { chatId, reply: chat.items[1]! };
}

/** The release checklist's block in a reply, with its "Release to" and "Hold" Choices. */
export function checklistBlock(reply: ChatItem) {
  const block = Object.values(reply.blocks)[0]!;
  const choices = choicesOf(block.nodes);
  return {
    itemId: reply.id,
    blockId: block.id,
    revision: reply.revision,
    release: choices.find(([label]) => label.startsWith("Release"))![1],
    hold: choices.find(([label]) => label === "Hold")![1],
  };
}

/** Every Choice of a block, as [label, id]. */
export function choicesOf(nodes: readonly BlockNode[]): Array<[string, string]> {
  return nodes.flatMap((node): Array<[string, string]> => [
    ...(node.type === "Choice"
      ? [
          [node.children.find((child) => child.type === "text")?.text ?? "", node.id] as [
            string,
            string,
          ],
        ]
      : []),
    ...choicesOf(node.children),
  ]);
}

/** Messages a pick or selection sent to the agent in a chat, sent or waiting. */
export const messagesFromPicks = (rows: Rows, chatId: string) =>
  rows.count(
    `SELECT ((SELECT count(*) FROM "Item" WHERE "chatId" = $1 AND "role" = 'user' AND "origin" IS NOT NULL)
      + (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = $1 AND "dispatchedAt" IS NULL AND "origin" IS NOT NULL))::int AS "count"`,
    [chatId],
  );

/** A reader of the suite's database, for the checks behind each figure. */
export class Rows {
  private readonly sql: postgres.Sql;

  constructor(connectionString: string) {
    // Connections the outage cuts are replaced on the next query.
    this.sql = postgres(connectionString, { max: 4, prepare: false, onnotice: () => {} });
  }

  async all<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.sql.unsafe(sql, params as Param[])) as unknown as T[];
  }

  async count(sql: string, params: unknown[] = []): Promise<number> {
    const [row] = await this.all<{ count: number }>(sql, params);
    return Number(row?.count ?? 0);
  }

  /** Rows of every table a refusal must leave alone (the request meter aside). */
  async tableCounts(): Promise<string> {
    const tables = [
      "Visitor",
      "Chat",
      "Item",
      "Turn",
      "QueuedMessage",
      "ChatEvent",
      "UiAnswer",
      "FrameSelection",
      "ActionConfirmation",
      "DeterministicGrant",
    ];
    const counts = await Promise.all(
      tables.map((table) => this.count(`SELECT count(*)::int AS "count" FROM "${table}"`)),
    );
    return tables.map((table, index) => `${table}=${counts[index]}`).join(" ");
  }

  close(): Promise<void> {
    return this.sql.end();
  }
}
