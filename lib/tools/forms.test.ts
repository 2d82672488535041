import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appTools } from "./index";
import { fieldsAtFault, formOf, toolInputForm } from "./forms";

describe("a proposal's edit form, read from its tool's schema", () => {
  it("offers each field of the app's tools as the schema types it", () => {
    expect(toolInputForm("send-email")).toEqual([
      { key: "to", kind: "email", required: true },
      { key: "subject", kind: "text", required: true, maxLength: 200 },
      { key: "body", kind: "long", required: true, maxLength: 5_000 },
    ]);
    // A list of labels is shown and sent back as proposed, not edited.
    expect(toolInputForm("create-issue")).toEqual([
      { key: "title", kind: "text", required: true, maxLength: 120 },
      { key: "body", kind: "long", required: true, maxLength: 5_000 },
      { key: "labels", kind: "fixed", required: true },
    ]);
    expect(toolInputForm("delete-everything")).toBeNull();
  });

  it("maps numbers, check boxes, choices and anything nested", () => {
    const schema = z.strictObject({
      amount: z.number().min(0).max(500),
      seats: z.int().min(1).max(9),
      urgent: z.boolean().optional(),
      tone: z.enum(["plain", "warm"]),
      to: z.object({ name: z.string() }),
    });
    expect(formOf(schema)).toEqual([
      { key: "amount", kind: "number", required: true, minimum: 0, maximum: 500 },
      { key: "seats", kind: "integer", required: true, minimum: 1, maximum: 9 },
      { key: "urgent", kind: "boolean", required: false },
      { key: "tone", kind: "select", required: true, options: ["plain", "warm"] },
      { key: "to", kind: "fixed", required: true },
    ]);
    expect(formOf(z.string())).toBeNull();
  });

  it("names the fields a tool's schema refuses", () => {
    const sendEmail = appTools.find((tool) => tool.name === "send-email")!;
    expect(
      fieldsAtFault(sendEmail, { to: "ada@example.com", subject: "Hi", body: "Hello" }),
    ).toEqual([]);
    expect(fieldsAtFault(sendEmail, { to: "nobody", subject: "", body: "Hello", cc: "x" })).toEqual(
      ["to", "subject", "cc"],
    );
  });
});
