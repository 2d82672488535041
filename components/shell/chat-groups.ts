import { calendarDay } from "@/components/ui/time-zone";
import type { ChatListEntry } from "@/lib/chat/wire";

export const CHAT_GROUPS = ["Today", "Yesterday", "Previous 7 days", "Older"] as const;
export type ChatGroup = { label: (typeof CHAT_GROUPS)[number]; chats: ChatListEntry[] };

/**
 * The chats by their last activity, in calendar days of the reader's zone: today, yesterday, the
 * seven days before, then older. Empty groups are left out; each keeps the list's order. The same
 * `now` and zone give the same groups on the server and in the browser (decision 011).
 */
export function groupChats(
  chats: readonly ChatListEntry[],
  now: number,
  zone: string,
): ChatGroup[] {
  const today = calendarDay(now, zone);
  const groups = new Map<ChatGroup["label"], ChatListEntry[]>(
    CHAT_GROUPS.map((label) => [label, []]),
  );
  for (const chat of chats) {
    const daysAgo = today - calendarDay(Date.parse(chat.updatedAt), zone);
    const label =
      daysAgo <= 0
        ? "Today"
        : daysAgo === 1
          ? "Yesterday"
          : daysAgo <= 7
            ? "Previous 7 days"
            : "Older";
    groups.get(label)!.push(chat);
  }
  return CHAT_GROUPS.map((label) => ({ label, chats: groups.get(label)! })).filter(
    (group) => group.chats.length > 0,
  );
}
