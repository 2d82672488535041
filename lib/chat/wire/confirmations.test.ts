import { describe, expect, it } from "vitest";
import { confirmationOutcome, inputChanges, reopensList } from "./confirmations";

describe("how a proposed action ended, and whether its list opens again", () => {
  it("reopens the list only for a proposal that ended without running", () => {
    const cases = [
      [{ status: "pending", outcome: null }, null, false],
      [{ status: "approving", outcome: null }, null, false],
      [{ status: "expiring", outcome: null }, null, false],
      [{ status: "approved", outcome: { kind: "executed", result: {} } }, "executed", false],
      [
        { status: "approved", outcome: { kind: "failed", code: "ACTION_EXECUTION_FAILED" } },
        "failed",
        true,
      ],
      [{ status: "rejected", outcome: { kind: "rejected", reason: null } }, "rejected", true],
      [{ status: "expired", outcome: { kind: "expired" } }, "expired", true],
    ] as const;
    for (const [confirmation, outcome, reopens] of cases) {
      expect(confirmationOutcome(confirmation), confirmation.status).toBe(outcome);
      expect(reopensList(confirmation), confirmation.status).toBe(reopens);
    }
  });
});

describe("what a person changed in a proposal before approving it", () => {
  it("lists each field whose value differs, in the proposal's order, whatever the key order", () => {
    const proposedInput = { to: "ada@example.com", subject: "Notes", tags: { a: 1, b: 2 } };
    expect(
      inputChanges({
        proposedInput,
        input: { tags: { b: 2, a: 1 }, subject: "Notes for 1.4", to: "ada@example.com", cc: "x" },
      }),
    ).toEqual([
      { key: "subject", from: "Notes", to: "Notes for 1.4" },
      { key: "cc", from: undefined, to: "x" },
    ]);
    expect(inputChanges({ input: proposedInput })).toEqual([]);
    expect(inputChanges({ proposedInput: null, input: proposedInput })).toEqual([]);
  });
});
