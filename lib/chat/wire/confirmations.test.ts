import { describe, expect, it } from "vitest";
import { confirmationOutcome, reopensList } from "./confirmations";

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
