import type { ConfirmableTool } from "@/lib/component-frames";
import { createIssueTool } from "./create-issue";
import { sendEmailTool } from "./send-email";

/** Every tool a ChoiceList action may name. An action naming anything else is refused. */
export const appTools: readonly ConfirmableTool[] = [
  sendEmailTool as ConfirmableTool,
  createIssueTool as ConfirmableTool,
];
