// Test support: a reply written the way a running turn writes it, on a clock the test moves.
import { randomUUID } from "node:crypto";
import { createChat } from "../../lib/chat/chats/manage";
import { claimTurn } from "../../lib/chat/turns/claim";
import { ReplyWriter, type WriterClock } from "../../lib/chat/turns/writer";

/** A clock the test moves by hand: a timer runs only when the clock passes it, and its write is awaited. */
export function handClock() {
  let now = 1_000_000;
  let timers: { due: number; run: () => Promise<void> }[] = [];
  const clock: WriterClock = {
    now: () => now,
    after(ms, run) {
      const timer = { due: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  async function advance(ms: number): Promise<void> {
    const until = now + ms;
    for (;;) {
      const next = timers.filter((timer) => timer.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      timers = timers.filter((timer) => timer !== next);
      now = Math.max(now, next.due);
      await next.run();
    }
    now = until;
  }
  return { clock, advance, now: () => now };
}

/**
 * A new chat whose turn is running with its reply item bound, as a claimed turn leaves it, and
 * the reply's writer on a hand-moved clock.
 */
export async function streamingReply(message = "Plan the release") {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  return { visitorId, ...(await claimedReply(chatId)) };
}

/** The chat's waiting turn, claimed as a running turn claims it with no agent to run it, and its writer. */
export async function claimedReply(chatId: string) {
  const claim = await claimTurn(chatId);
  if (!claim) throw new Error("The chat's turn was not waiting");
  const { turnId, itemId } = claim;
  const target = { chatId, turnId, itemId };
  const time = handClock();
  const writer = new ReplyWriter(
    target,
    () => {},
    () => {},
    time.clock,
  );
  return { ...target, writer, ...time };
}
