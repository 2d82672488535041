import { z } from "zod";
import type { ConfirmableTool } from "@/lib/component-frames";

export const createIssueInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  body: z.string().max(5_000),
  labels: z.array(z.enum(["bug", "docs", "feature"])).max(3),
});
export type CreateIssueInput = z.infer<typeof createIssueInputSchema>;

/**
 * The extension guide's tool (docs/extend.md): it files an issue once a person approves it. The
 * issue it answers with is stored as the confirmation's outcome, where every page and the agent read it.
 */
export const createIssueTool: ConfirmableTool<CreateIssueInput> = {
  name: "create-issue",
  description: "Files an issue in the project's tracker once the person approves it.",
  executable: true,
  requiresConfirmation: true,
  input: createIssueInputSchema,
  async execute({ title, labels }) {
    return { filed: true, key: `ISSUE-${crypto.randomUUID().slice(0, 8)}`, title, labels };
  },
};
