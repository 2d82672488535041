import { z } from "zod";
import type { ConfirmableTool } from "@/lib/component-frames";

export const sendEmailInputSchema = z.strictObject({
  to: z.email(),
  subject: z.string().min(1).max(200),
  body: z.string().min(1).max(5_000),
});
export type SendEmailInput = z.infer<typeof sendEmailInputSchema>;

/**
 * Mail to this domain bounces, so an approved action can be seen failing on purpose. `.invalid`
 * is reserved (RFC 2606): no real address ends so.
 */
export const BOUNCING_DOMAIN = "bounce.invalid";

/**
 * A mock mail tool: it sends nothing, and answers as a mail service would, refusing mail to
 * `BOUNCING_DOMAIN`. It runs only after a person approves the confirmation a ChoiceList action proposed.
 */
export const sendEmailTool: ConfirmableTool<SendEmailInput> = {
  name: "send-email",
  description: "Sends an email (a mock here: nothing leaves the app) once the person approves it.",
  executable: true,
  requiresConfirmation: true,
  input: sendEmailInputSchema,
  async execute(input) {
    if (input.to.toLowerCase().endsWith(`@${BOUNCING_DOMAIN}`))
      throw new Error(`The mail server refused ${input.to}: the address does not exist.`);
    return {
      delivered: true,
      to: input.to,
      subject: input.subject,
      messageId: `msg-${crypto.randomUUID().slice(0, 8)}`,
    };
  },
};
