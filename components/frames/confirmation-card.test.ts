import { describe, expect, it } from "vitest";
import type { ConfirmationView } from "@/lib/chat/wire";
import { editedInput } from "./confirmation-edit";
import { failureOf } from "./confirmation-outcome";
import { newerConfirmation } from "./use-confirmation-decision";

const view = (status: ConfirmationView["status"]): ConfirmationView => ({
  token: "tok",
  instanceId: "list",
  action: "deploy",
  input: {},
  toolCallId: "call",
  status,
  expiresAt: "2026-12-01T10:05:00.000Z",
  outcome: null,
});

describe("the view of a proposal a card draws", () => {
  it("is this tab's decision while the stream has not caught up with it", () => {
    expect(newerConfirmation(view("approving"), view("pending")).status).toBe("approving");
    expect(newerConfirmation(view("approved"), view("approving")).status).toBe("approved");
  });

  it("is the stream's once it is as far along, or further", () => {
    expect(newerConfirmation(view("approved"), view("rejected")).status).toBe("rejected");
    expect(newerConfirmation(view("approving"), view("approved")).status).toBe("approved");
    expect(newerConfirmation(null, view("pending")).status).toBe("pending");
  });
});

describe("a failed action's sentence", () => {
  it("is the outcome's own message, ending as a sentence, or a plain one without it", () => {
    expect(failureOf({ message: "The API timed out" })).toBe("The API timed out.");
    expect(failureOf({ message: "Disk full!" })).toBe("Disk full!");
    expect(failureOf({ message: "   " })).toBe("The action did not finish.");
    expect(failureOf({})).toBe("The action did not finish.");
  });
});

describe("the input an edit form sends", () => {
  const fields = [
    { key: "subject", kind: "text", required: true },
    { key: "note", kind: "text", required: false },
    { key: "amount", kind: "number", required: true },
    { key: "urgent", kind: "boolean", required: false },
    { key: "labels", kind: "fixed", required: true },
  ] as const;

  it("is the proposal with each field as left, numbers read as numbers, lists kept", () => {
    const input = { subject: "Hi", note: "later", amount: 50, urgent: false, labels: ["bug"] };
    expect(
      editedInput([...fields], { subject: "Hello", note: "", amount: "40", urgent: true }, input),
    ).toEqual({ subject: "Hello", amount: 40, urgent: true, labels: ["bug"] });
    // Text that is not a number reads as NaN, which the tool's schema refuses.
    expect(editedInput([...fields], { amount: "4e" }, input).amount).toBeNaN();
  });
});
