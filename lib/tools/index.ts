import type { ConfirmableTool } from "@/lib/component-frames";
import { sendEmailTool } from "./send-email";

/** Every tool a ChoiceList action may name. An action naming anything else is refused. */
export const appTools: readonly ConfirmableTool[] = [sendEmailTool as ConfirmableTool];
