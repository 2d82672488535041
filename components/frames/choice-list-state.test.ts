import { describe, expect, it } from "vitest";
import type { ConfirmationView, SelectionView } from "@/lib/chat/wire";
import { buildItemView } from "@/scripts/test/wire-fixtures";
import { choiceListState } from "./choice-list-state";

const selection = (
  choiceId: string,
  at: string,
  confirmationToken: string | null = null,
): SelectionView => ({
  instanceId: "list",
  choiceId,
  label: choiceId,
  at,
  queued: false,
  confirmationToken,
});
const confirmation = (
  status: ConfirmationView["status"],
  outcome: ConfirmationView["outcome"] = null,
): ConfirmationView => ({
  token: "tok",
  instanceId: "list",
  action: "deploy",
  input: {},
  toolCallId: "call",
  status,
  expiresAt: "2026-12-01T10:05:00.000Z",
  outcome,
});
const item = (overrides: Partial<Parameters<typeof buildItemView>[0]> = {}) =>
  buildItemView({ id: "reply", position: 1, ...overrides });

describe("a ChoiceList's answer", () => {
  it("is this tab's response until the stream brings the same or a later one", () => {
    const mine = selection("a", "2026-12-01T10:00:02.000Z");
    expect(choiceListState(item(), "list", mine)).toMatchObject({
      answer: mine,
      standing: mine,
      closed: true,
    });
    const older = selection("b", "2026-12-01T10:00:01.000Z");
    expect(choiceListState(item({ selections: { list: older } }), "list", mine).answer).toBe(mine);
    const later = selection("b", "2026-12-01T10:00:03.000Z");
    expect(choiceListState(item({ selections: { list: later } }), "list", mine).answer).toBe(later);
    const same = selection("a", "2026-12-01T10:00:02.000Z");
    expect(choiceListState(item({ selections: { list: same } }), "list", mine).answer).toBe(same);
  });

  it("stands while its proposal is pending or ran, and no longer once it ended without running: the list is open again", () => {
    const proposed = selection("a", "2026-12-01T10:00:02.000Z", "tok");
    const pending = choiceListState(
      item({ selections: { list: proposed }, confirmations: { tok: confirmation("pending") } }),
      "list",
      null,
    );
    expect(pending).toMatchObject({ standing: proposed, closed: true });
    const executed = choiceListState(
      item({
        selections: { list: proposed },
        confirmations: { tok: confirmation("approved", { kind: "executed", result: {} }) },
      }),
      "list",
      null,
    );
    expect(executed).toMatchObject({ standing: proposed, closed: true });
    const rejected = choiceListState(
      item({ selections: { list: proposed }, confirmations: { tok: confirmation("rejected") } }),
      "list",
      null,
    );
    expect(rejected).toMatchObject({
      answer: proposed,
      standing: undefined,
      closed: false,
      confirmation: { status: "rejected" },
    });
  });

  it("is not open on a reply still streaming or a subagent's, even unanswered", () => {
    expect(choiceListState(item(), "list", null).closed).toBe(false);
    expect(choiceListState(item({ status: "streaming" }), "list", null).closed).toBe(true);
    expect(choiceListState(item({ parentToolUseId: "tool" }), "list", null).closed).toBe(true);
  });
});
