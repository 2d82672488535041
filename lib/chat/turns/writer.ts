import "server-only";
import { UiCompiler, type UiBlock } from "@/lib/intelligent-ui";
import { appConfig } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { drawReply, QUERY_SCHEMAS } from "../reply";
import { Prisma } from "@/lib/db/generated/client";
import { eventAppend } from "../store";
import { type ChatEvent, type Part, diffParts } from "../wire";
import { storableText } from "./storable";

// Chunks arriving faster than this are written together: one transaction and one event per
// interval, however fast the agent streams.
const WRITE_INTERVAL_MS = 50;
// Block previews are compiled at most this often per reply (what UiStream does for a page).
const PREVIEW_INTERVAL_MS = 250;

export type WriterTarget = { chatId: string; turnId: string; itemId: string };

export function leaseFromNow(): Date {
  return new Date(Date.now() + appConfig().turnLeaseMs);
}

/** Whether a turn goes on: `lost` when it no longer runs (recovered, or its chat deleted), `stop` when a person pressed Stop. */
export type TurnState = "running" | "lost" | "stop";

/**
 * Renews a running turn's lease and, in the same statement, learns whether it should go on. The
 * heartbeat runs it; the coalesced write runs the same check inside its own statement, so a Stop
 * is seen within one write or beat.
 */
export async function renewTurnLease(client: Pick<Tx, "$queryRaw">, turnId: string): Promise<TurnState> {
  const rows = await client.$queryRaw<{ stop: boolean }[]>`
    UPDATE "Turn" SET "leaseExpiresAt" = ${leaseFromNow()} WHERE "id" = ${turnId}::uuid AND "status" = 'running'
    RETURNING "stopRequestedAt" IS NOT NULL AS "stop"`;
  if (!rows[0]) return "lost";
  return rows[0].stop ? "stop" : "running";
}

/**
 * Writes a streaming reply's growth, coalesced to one write per interval, one write at a time:
 * its parts, and previews of the blocks that changed, compiled at most every 250 ms. A failed
 * write is logged and the next one catches up from what was last written; the end of the turn
 * stores the whole reply and its final blocks in any case. Writes that keep failing for a third
 * of the lease call `onFailing`: the turn stops and ends as failed within seconds, rather than
 * streaming on unseen until its deadline.
 */
export class ReplyWriter {
  private written: Part[] = [];
  private previews = new Map<string, UiBlock>();
  private readonly compiler: UiCompiler;
  private latest: string | null = null;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWrite = 0;
  private lastPreview = -Infinity;
  // When the writes began failing in a row; null while the last one succeeded.
  private failingSince: number | null = null;

  constructor(
    private readonly target: WriterTarget,
    private readonly onStopped: (state: Exclude<TurnState, "running">) => void,
    private readonly onFailing: () => void,
  ) {
    this.compiler = new UiCompiler({ id: target.itemId, querySchemas: QUERY_SCHEMAS });
  }

  push(content: string): void {
    this.latest = storableText(content, { final: false });
    this.schedule(this.lastWrite + WRITE_INTERVAL_MS - Date.now());
  }

  /** Waits for the write in flight; what is still pending is left to the end of the turn. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.latest = null;
    await this.chain;
  }

  private schedule(wait: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.chain = this.chain.then(() => this.write()).then(
        () => {
          this.failingSince = null;
        },
        (error: unknown) => this.failed(error),
      );
    }, Math.max(0, wait));
  }

  private failed(error: unknown): void {
    this.failingSince ??= Date.now();
    if (Date.now() - this.failingSince < appConfig().turnLeaseMs / 3) {
      console.error("Reply delta write failed; the next write catches up", error);
      return;
    }
    console.error("Reply writes keep failing; the turn ends as failed", error);
    this.onFailing();
  }

  private async write(): Promise<void> {
    const content = this.latest;
    this.latest = null;
    if (content === null) return;
    this.lastWrite = Date.now();
    const previewDue = this.lastWrite - this.lastPreview >= PREVIEW_INTERVAL_MS;
    // Decoding the reply is linear in its length, so it happens once per write, not per chunk.
    const drawn = drawReply(content, { itemId: this.target.itemId, final: false, compiler: previewDue ? this.compiler : undefined, known: this.previews });
    const changed = drawn.compiled ? drawn.blocks.filter((block) => this.previews.get(block.id) !== block) : [];
    if (drawn.compiled) this.lastPreview = this.lastWrite;
    else if (drawn.pending) {
      // A block grew but its preview waits for the interval: come back then, even if the agent is quiet.
      this.latest ??= content;
      this.schedule(this.lastPreview + PREVIEW_INTERVAL_MS - Date.now());
    }
    const events: ChatEvent[] = diffParts(this.target.itemId, this.written, drawn.parts);
    if (changed.length > 0) events.push({ type: "item.blocks", itemId: this.target.itemId, blocks: changed });
    if (events.length === 0) return;
    const state = await writeDelta(this.target, content, drawn.parts, events);
    if (state !== "running") return this.onStopped(state);
    this.written = drawn.parts;
    if (drawn.compiled) this.previews = new Map(drawn.blocks.map((block) => [block.id, block]));
  }
}

/**
 * One write of a streaming reply, in one statement (one round trip, no interactive transaction):
 * it locks the chat, renews the turn's lease (which doubles as the check that the turn was not
 * recovered meanwhile, and says whether Stop was pressed), stores the reply so far and appends its
 * events. Nothing is written when the turn no longer runs (`lost`: recovered, or its chat was
 * deleted) or was asked to stop (`stop`).
 */
async function writeDelta(target: WriterTarget, content: string, parts: Part[], events: ChatEvent[]): Promise<TurnState> {
  const [row] = await db().$queryRaw<{ owned: number; stop: boolean | null }[]>`
    WITH chat AS (
      SELECT "id" FROM "Chat" WHERE "id" = ${target.chatId}::uuid FOR UPDATE
    ), turn AS (
      UPDATE "Turn" SET "leaseExpiresAt" = ${leaseFromNow()}
      WHERE "id" = ${target.turnId}::uuid AND "status" = 'running' AND EXISTS (SELECT 1 FROM chat)
      RETURNING "id", "stopRequestedAt" IS NOT NULL AS "stop"
    ), live AS (
      SELECT "id" FROM turn WHERE NOT "stop"
    ), item AS (
      UPDATE "Item" SET "content" = ${content}, "parts" = ${JSON.stringify(parts)}::jsonb
      WHERE "id" = ${target.itemId}::uuid AND EXISTS (SELECT 1 FROM live) RETURNING "id"
    ), ${eventAppend(target.chatId, events, Prisma.sql`EXISTS (SELECT 1 FROM live)`)}
    SELECT (SELECT count(*) FROM turn)::int AS "owned", (SELECT bool_or("stop") FROM turn) AS "stop",
      (SELECT count(*) FROM notice)::int AS "notified"`;
  if (row?.owned !== 1) return "lost";
  return row.stop ? "stop" : "running";
}
