import { z } from "zod";
import { describeUiCatalog, UI_CATALOG, UI_FENCE_LANGUAGE } from "@/lib/intelligent-ui";
import type { ConfirmableTool } from "@/lib/component-frames";
import { proposableTools, toJsonSchema, type FrameTool } from "./frame-tools";

/** A live source a block may read with `@Query`, as the host registers it. */
export type LiveSourceDescription = {
  name: string;
  description: string;
  /** JSON Schema of the source's arguments. */
  arguments: Record<string, unknown>;
};

export type PromptInputs = {
  /** `compact` lists props only, for models with little room. */
  catalog?: "full" | "compact";
  sources: readonly LiveSourceDescription[];
  frames: readonly FrameTool[];
  tools: readonly ConfirmableTool[];
};

const FENCE = "```";

/**
 * The instructions a model gets, built from the libraries this host runs: the block catalog, the
 * live sources, the component manifest and the tools an action may propose. What the prompt
 * promises is exactly what the host accepts; the host still checks everything the model writes.
 */
export function buildInstructions({
  catalog = "full",
  sources,
  frames,
  tools,
}: PromptInputs): string {
  return [
    INTRODUCTION,
    blocks(catalog),
    liveData(sources),
    componentFrames(frames, tools),
    CONVERSATION,
  ].join("\n\n");
}

const INTRODUCTION = `You are the assistant in a chat whose replies can carry interactive UI. Write Markdown. Two kinds of UI are available: blocks written in your text, and component frames shown by calling a tool. The host checks both before anything is drawn: what it does not accept is shown as a diagnostic or as plain text, never as working UI. Use UI when a person has something to pick or set; otherwise answer in prose.`;

const BLOCK_RULES = `## Blocks
A block is a fenced code block whose info string is \`${UI_FENCE_LANGUAGE}\`. Inside it:
- First, local state, one declaration a line: \`$name = <JSON constant>\`. The constant's type is the variable's type.
- Then tags from the catalog below: \`<Name prop="text" prop={expression}>children</Name>\` or \`<Name prop={1}/>\`. Text between tags is shown; \`{expression}\` in text shows its value. Props are strict: a prop the catalog does not list is refused.
- Expressions: JSON literals, \`$name\`, \`.field\`, \`[index]\`, \`|| && == != < <= > >= + - * / % !\` and parentheses; helpers @Count(list), @Filter(list, item, predicate), @Sum(list) or @Sum(records, "field"), @Join(list, ", "), @Round(number, digits). There is no ternary: use <Show when={...}>.
- A control binds a variable when its value prop is exactly \`{$name}\`: Checklist, Switch, Slider and Segmented.
- A Button only changes state: action={@Set($name, constant)}, action={@Reset($name)} or action={@Reset()}.
- <Choices> holds <Choice context={...}>label</Choice>. A person answers the block by picking one Choice; its context (an expression that may read the state) is shown in the chat as their next message and comes back to you, so word it as the person would say it ("I'll take size M") and make it say everything you need to know. A block without Choices shows, it does not ask.
- One block asks one question. Never put a URL or a path in an Image.
Example:
${FENCE}${UI_FENCE_LANGUAGE}
$plan = "basic"
$seats = 5
<Summary tone="info">Choose a plan</Summary>
<Segmented value={$plan}><Option value="basic">Basic</Option><Option value="pro">Pro</Option></Segmented>
<Slider value={$seats} min={1} max={50}>Seats</Slider>
<Choices>
  <Choice primary={true} context={"Buy " + $plan + " for " + $seats + " seats"}>Buy</Choice>
  <Choice context="Not now">Later</Choice>
</Choices>
${FENCE}`;

function blocks(catalog: "full" | "compact"): string {
  const heading =
    catalog === "full"
      ? "Catalog (Name(props): what it draws; `?` marks an optional prop):"
      : "Catalog (Name: props; `?` marks an optional prop):";
  return `${BLOCK_RULES}\n\n${heading}\n${describeUiCatalog({ compact: catalog === "compact" })}\n\nProp values:\n${catalogValues()}`;
}

/** The props whose values are a closed set (tones, step states, chart kinds), read from the catalog's schemas. */
function catalogValues(): string {
  const lines = new Map<string, string[]>();
  for (const definition of Object.values(UI_CATALOG)) {
    for (const [prop, schema] of Object.entries(definition.schema.shape)) {
      const values = closedValues(schema);
      if (!values) continue;
      const line = `${prop}: ${values.join(" | ")}`;
      lines.set(line, [...(lines.get(line) ?? []), definition.name]);
    }
  }
  return [...lines].map(([line, names]) => `${names.join(", ")} ${line}`).join("\n");
}

/** By zod's core classes: the catalog's schemas are zod/mini, shared with the page. */
function closedValues(schema: z.core.$ZodType): string[] | undefined {
  const inner = schema instanceof z.core.$ZodOptional ? schema._zod.def.innerType : schema;
  if (inner instanceof z.core.$ZodEnum) return [...inner._zod.values].map(String);
  if (inner instanceof z.core.$ZodLiteral)
    return [...inner._zod.values].map((value) => JSON.stringify(value));
  return undefined;
}

function liveData(sources: readonly LiveSourceDescription[]): string {
  if (sources.length === 0)
    return "## Live data\nNo live sources are registered: never declare @Query.";
  const list = sources.map(
    (source) =>
      `- "${source.name}": ${source.description} Arguments: ${JSON.stringify(source.arguments)}`,
  );
  return `## Live data
A block may read a host source, declared after the local state: \`$name = @Query("source", {argument: value})\`. Arguments may read local variables (a Segmented bound to \`$branch\` switches what is read). The host reads the source and the block draws the result; never invent the data yourself. Until a reading arrives, what reads it draws its fallback. Sources:
${list.join("\n")}`;
}

function componentFrames(frames: readonly FrameTool[], tools: readonly ConfirmableTool[]): string {
  const calls = frames.map((frame) => `- \`${frame.name}\`: ${frame.description}`);
  const proposable = proposableTools(tools);
  const actions =
    proposable.length === 0
      ? "No tools are registered: choices carry no action."
      : `Tools a choice's action may propose (the person confirms first; only then does the host run it):\n${proposable
          .map(
            (tool) =>
              `- "${tool.name}"${tool.description ? `: ${tool.description}` : ""} Input: ${JSON.stringify(toJsonSchema(tool.input))}`,
          )
          .join("\n")}`;
  return `## Component frames
Call a tool to show a component; never write a frame's JSON in your text (it would show as text).
${calls.join("\n")}
${actions}
Use a ChoiceList for a plain pick among options or to propose an action; use a block when the person sets values before answering.`;
}

const CONVERSATION = `## The conversation
Your earlier replies appear as text: each block replaced by its text fallback, each component by its summary. Do not copy that text back as UI; write a new block when you need one. When a person picks a choice, their message begins: The person chose "<label>" from your UI reply; their message is the visible context of that choice.`;
