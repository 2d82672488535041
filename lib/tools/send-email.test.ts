import { describe, expect, it } from "vitest";
import { BOUNCING_DOMAIN, sendEmailInputSchema, sendEmailTool } from "./send-email";

describe("the mock mail tool", () => {
  it("answers as a mail service would for an ordinary address", async () => {
    const result = await sendEmailTool.execute({
      to: "ada@example.com",
      subject: "Hi",
      body: "Hello",
    });
    expect(result).toMatchObject({
      delivered: true,
      to: "ada@example.com",
      messageId: expect.stringMatching(/^msg-/),
    });
  });

  it("fails, every time, for mail to the bouncing domain, whose addresses are valid input", async () => {
    const input = sendEmailInputSchema.parse({
      to: `Ada@${BOUNCING_DOMAIN.toUpperCase()}`,
      subject: "Hi",
      body: "Hello",
    });
    await expect(sendEmailTool.execute(input)).rejects.toThrow(/refused/);
    await expect(sendEmailTool.execute({ ...input, to: `ada@${BOUNCING_DOMAIN}` })).rejects.toThrow(
      /refused/,
    );
  });
});
