import { describeUiCatalog, UI_FENCE_LANGUAGE } from "@/lib/intelligent-ui";

/**
 * The least a system prompt needs so a model writes blocks: where a block goes, the order inside
 * it, and the catalog as the library prints it. lib/agent/model/prompt.ts is the full version.
 */
export function blockInstructions(): string {
  return [
    `To ask the person something, write a fenced code block whose info string is \`${UI_FENCE_LANGUAGE}\`.`,
    "Inside it: first `$name = <JSON constant>` declarations, then tags from this catalog.",
    "A <Choice context={...}> inside <Choices> answers the block; its context comes back to you as the person's next message.",
    describeUiCatalog(),
  ].join("\n\n");
}
