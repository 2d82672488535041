import "server-only";
import { remember } from "@epic-web/remember";
import { databaseAnswers } from "@/lib/db/health";

// How often the instance asks the database, while any page watches a chat. A page that hears
// nothing for a few of these says the database is not answering (components/chat/use-chat-events.ts).
export const DATABASE_BEAT_MS = 1_500;

type Beats = {
  hearers: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
  asking: boolean;
};

/**
 * Calls `hear` each time the database answered one round trip, for as long as the stream is open.
 * One question per instance whatever the number of streams; one a stall holds is waited on, never
 * asked again beside it, so a stall costs one waiting query, and its answer is heard the moment
 * the database is back.
 */
export function onDatabaseBeat(hear: () => void): () => void {
  const beats = remember("answerable.databaseBeats", (): Beats => ({
    hearers: new Set(),
    timer: null,
    asking: false,
  }));
  beats.hearers.add(hear);
  beats.timer ??= setInterval(() => ask(beats), DATABASE_BEAT_MS);
  return () => {
    beats.hearers.delete(hear);
    if (beats.hearers.size > 0 || !beats.timer) return;
    clearInterval(beats.timer);
    beats.timer = null;
  };
}

function ask(beats: Beats): void {
  if (beats.asking) return;
  beats.asking = true;
  void databaseAnswers()
    .then((answered) => {
      if (!answered) return;
      for (const hear of beats.hearers) {
        // A stream its page just left may refuse the write; the others still hear.
        try {
          hear();
        } catch {
          // Closed by its page a moment ago: that stream is ending, and hears no more.
        }
      }
    })
    .finally(() => (beats.asking = false));
}
