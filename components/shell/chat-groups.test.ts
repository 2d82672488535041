import { describe, expect, it } from "vitest";
import { groupChats } from "./chat-groups";

const chat = (id: string, updatedAt: string) => ({
  id,
  title: id,
  updatedAt,
  replying: false,
  lastMessage: null,
});

describe("grouping chats by last activity", () => {
  const chats = [
    chat("late tonight", "2026-12-02T22:30:00Z"),
    chat("this morning", "2026-12-02T08:00:00Z"),
    chat("last night", "2026-12-01T23:30:00Z"),
    chat("three days ago", "2026-11-29T12:00:00Z"),
    chat("seven days ago", "2026-11-25T12:00:00Z"),
    chat("eight days ago", "2026-11-24T12:00:00Z"),
  ];
  const labels = (zone: string, now = Date.parse("2026-12-02T12:00:00Z")) =>
    groupChats(chats, now, zone).map((group) => [
      group.label,
      group.chats.map((entry) => entry.id),
    ]);

  it("counts calendar days in the reader's zone, keeping the list's order", () => {
    expect(labels("UTC")).toEqual([
      ["Today", ["late tonight", "this morning"]],
      ["Yesterday", ["last night"]],
      ["Previous 7 days", ["three days ago", "seven days ago"]],
      ["Older", ["eight days ago"]],
    ]);
    // In Tokyo (UTC+9) it is 21:00 on the 2nd: 22:30 UTC is already the 3rd there (a clock ahead
    // is today), and 23:30 UTC on the 1st is the morning of the 2nd.
    expect(labels("Asia/Tokyo")).toEqual([
      ["Today", ["late tonight", "this morning", "last night"]],
      ["Previous 7 days", ["three days ago", "seven days ago"]],
      ["Older", ["eight days ago"]],
    ]);
  });

  it("leaves out empty groups", () => {
    expect(groupChats([], 0, "UTC")).toEqual([]);
  });
});
