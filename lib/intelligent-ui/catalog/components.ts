import * as z from "zod/mini";
import {
  finite,
  identifier,
  lineNumber,
  name,
  records,
  scalar,
  text,
  tone,
  uiValue,
} from "./atoms";

export interface UiComponentDefinition {
  name: string;
  description: string;
  /** Strict: unknown props fail. */
  schema: z.ZodMiniObject;
  /** The component must sit directly in this one (Show and Each pass their parent on). */
  parent?: string;
  /** The only children this container holds; a component without it accepts any children. */
  holds?: readonly string[];
  /** The `value` prop binds a local variable. */
  binds?: true;
  /** Props kept out of the schema, like a Button's unevaluated `action`. */
  extraProps?: readonly string[];
}

type Definition = Omit<UiComponentDefinition, "name">;

const strict = z.strictObject;
const empty = () => strict({});

const DEFINITIONS: Record<string, Definition> = {
  Summary: {
    schema: strict({ tone: z.optional(tone), badge: z.optional(text) }),
    description: "A short headline summary with an optional badge.",
  },
  Callout: {
    schema: strict({ tone, title: z.optional(text) }),
    description: "A highlighted note.",
  },
  Tag: { schema: strict({ tone: z.optional(tone) }), description: "A small inline label." },
  Progress: {
    schema: strict({
      value: z.optional(finite.check(z.gte(0))),
      max: z.optional(finite.check(z.positive())),
    }),
    description: "A progress bar; value of max (default 1), indeterminate without value.",
  },
  Steps: { schema: empty(), holds: ["Step"], description: "An ordered list of steps." },
  Step: {
    schema: strict({
      state: z.enum(["done", "running", "pending", "failed", "skipped"]),
      detail: z.optional(text),
    }),
    parent: "Steps",
    description: "One step; children are its title.",
  },
  Stats: { schema: empty(), holds: ["Stat"], description: "A row of figures." },
  Stat: {
    schema: strict({
      label: text,
      value: finite,
      previous: z.optional(finite),
      unit: z.optional(text),
      tone: z.optional(tone),
    }),
    parent: "Stats",
    description: "One figure, with its previous value for a trend.",
  },
  EntityList: { schema: empty(), holds: ["Entry"], description: "A list of named things." },
  Entry: {
    schema: strict({ label: text }),
    parent: "EntityList",
    description: "One thing; children describe it.",
  },
  Table: {
    schema: strict({ rows: records(uiValue) }),
    holds: ["Column"],
    description: "Rows of records shown through its Columns.",
  },
  Column: {
    schema: strict({
      key: name,
      title: z.optional(text),
      unit: z.optional(text),
      as: z.optional(z.enum(["text", "number", "bytes", "duration", "date", "file", "tag"])),
    }),
    parent: "Table",
    description: "One column: the row field key and how to show it.",
  },
  Chart: {
    schema: strict({
      kind: z.enum(["bar", "hbar", "stacked", "line"]),
      data: records(scalar),
      unit: z.optional(text),
    }),
    description: "A chart of records of scalars.",
  },
  Tabs: { schema: empty(), holds: ["Tab"], description: "Tabbed panels." },
  Tab: { schema: strict({ title: text }), parent: "Tabs", description: "One panel." },
  Sections: { schema: empty(), holds: ["Section"], description: "Collapsible sections." },
  Section: { schema: strict({ title: text }), parent: "Sections", description: "One section." },
  CodeBlock: {
    schema: strict({ language: z.optional(name) }),
    description: "Literal code; tags, braces and $ inside are not parsed.",
  },
  Image: {
    schema: strict({
      attachment: z.optional(name),
      generated: z.optional(z.literal("latest")),
      alt: z.optional(text),
    }).check(
      z.refine(
        (props) => (props.attachment === undefined) !== (props.generated === undefined),
        "Exactly one of attachment or generated.",
      ),
    ),
    description: "An attached or generated image; never a URL or path.",
  },
  Sources: { schema: empty(), holds: ["Source"], description: "A list of cited sources." },
  Source: {
    schema: strict({ title: text, url: text.check(z.regex(/^https?:\/\//i)) }),
    parent: "Sources",
    description: "One cited web page.",
  },
  File: {
    schema: strict({ path: text, line: z.optional(lineNumber) }),
    description: "A link to a file in the workspace.",
  },
  Diff: { schema: strict({ path: text }), description: "A link to the changes of a file." },
  Commit: {
    schema: strict({ sha: z.string().check(z.regex(/^[0-9a-fA-F]{7,64}$/)) }),
    description: "A link to a commit.",
  },
  Node: { schema: strict({ id: name }), description: "A link to a host node." },
  Checklist: {
    schema: strict({ value: z.array(scalar).check(z.maxLength(1000)) }),
    holds: ["Item"],
    binds: true,
    description: "Check boxes; value lists the checked Item values.",
  },
  Item: {
    schema: strict({ value: scalar }),
    parent: "Checklist",
    description: "One check box; children are its label.",
  },
  Switch: {
    schema: strict({ value: z.boolean() }),
    binds: true,
    description: "An on/off switch; children are its label.",
  },
  Slider: {
    schema: strict({
      value: finite,
      min: finite,
      max: finite,
      step: z.optional(finite.check(z.positive())),
      unit: z.optional(text),
    }).check(
      z.refine(
        (p) => p.min < p.max && p.min <= p.value && p.value <= p.max,
        "Needs min < max and min <= value <= max.",
      ),
    ),
    binds: true,
    description: "A number between min and max.",
  },
  Segmented: {
    schema: strict({ value: scalar }),
    holds: ["Option"],
    binds: true,
    description: "Pick one Option.",
  },
  Option: {
    schema: strict({ value: scalar }),
    parent: "Segmented",
    description: "One option; children are its label.",
  },
  Button: {
    schema: strict({ disabled: z.optional(z.boolean()) }),
    extraProps: ["action"],
    description: "Runs its action: @Set($x, constant), @Reset($x) or @Reset().",
  },
  Show: {
    schema: strict({ when: z.boolean() }),
    description: "Draws its children while when is true.",
  },
  Each: {
    schema: strict({ items: z.array(uiValue).check(z.maxLength(1000)), as: identifier }),
    description: "Repeats its children for each item, named by as.",
  },
  Choices: {
    schema: empty(),
    holds: ["Choice"],
    description: "The answers a person can pick; one pick answers the block.",
  },
  Choice: {
    schema: strict({
      context: z.optional(text),
      primary: z.optional(z.boolean()),
      disabled: z.optional(z.boolean()),
    }),
    parent: "Choices",
    description: "One answer; children are its label, context is sent to the agent.",
  },
};

export const UI_CATALOG_VERSION = 1;

export const UI_CATALOG: Readonly<Record<string, UiComponentDefinition>> = Object.freeze(
  Object.fromEntries(
    Object.entries(DEFINITIONS).map(([key, definition]) => [
      key,
      Object.freeze({ name: key, ...definition }),
    ]),
  ),
);

const BY_NAME = new Map(Object.entries(UI_CATALOG));

export function findComponent(type: string): UiComponentDefinition | undefined {
  return BY_NAME.get(type);
}

const PROPS = new Map(
  [...BY_NAME.values()].map((definition) => [
    definition,
    [...Object.keys(definition.schema.shape), ...(definition.extraProps ?? [])],
  ]),
);

/** Props a component accepts, in schema order. */
export function componentProps(definition: UiComponentDefinition): readonly string[] {
  return PROPS.get(definition) ?? [];
}

let prepared = false;

/**
 * Runs every schema once so zod's first-use setup is not charged to a block's time budget: a
 * cold process would otherwise refuse its first blocks.
 */
export function prepareCatalog(): void {
  if (prepared) return;
  prepared = true;
  const sample = {
    value: [1, "a", null, { a: [true] }],
    items: [{ a: 1 }],
    rows: [{ a: 1 }],
    data: [{ a: 1 }],
    as: "a",
  };
  for (const definition of BY_NAME.values()) {
    definition.schema.safeParse({});
    definition.schema.safeParse(sample);
  }
}
