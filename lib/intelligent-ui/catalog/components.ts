import { z } from "zod";
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
  schema: z.ZodObject;
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
    schema: strict({ tone: tone.optional(), badge: text.optional() }),
    description: "A short headline summary with an optional badge.",
  },
  Callout: { schema: strict({ tone, title: text.optional() }), description: "A highlighted note." },
  Tag: { schema: strict({ tone: tone.optional() }), description: "A small inline label." },
  Progress: {
    schema: strict({ value: finite.min(0).optional(), max: finite.positive().optional() }),
    description: "A progress bar; value of max (default 1), indeterminate without value.",
  },
  Steps: { schema: empty(), holds: ["Step"], description: "An ordered list of steps." },
  Step: {
    schema: strict({
      state: z.enum(["done", "running", "pending", "failed", "skipped"]),
      detail: text.optional(),
    }),
    parent: "Steps",
    description: "One step; children are its title.",
  },
  Stats: { schema: empty(), holds: ["Stat"], description: "A row of figures." },
  Stat: {
    schema: strict({
      label: text,
      value: finite,
      previous: finite.optional(),
      unit: text.optional(),
      tone: tone.optional(),
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
      title: text.optional(),
      unit: text.optional(),
      as: z.enum(["text", "number", "bytes", "duration", "date", "file", "tag"]).optional(),
    }),
    parent: "Table",
    description: "One column: the row field key and how to show it.",
  },
  Chart: {
    schema: strict({
      kind: z.enum(["bar", "hbar", "stacked", "line"]),
      data: records(scalar),
      unit: text.optional(),
    }),
    description: "A chart of records of scalars.",
  },
  Tabs: { schema: empty(), holds: ["Tab"], description: "Tabbed panels." },
  Tab: { schema: strict({ title: text }), parent: "Tabs", description: "One panel." },
  Sections: { schema: empty(), holds: ["Section"], description: "Collapsible sections." },
  Section: { schema: strict({ title: text }), parent: "Sections", description: "One section." },
  CodeBlock: {
    schema: strict({ language: name.optional() }),
    description: "Literal code; tags, braces and $ inside are not parsed.",
  },
  Image: {
    schema: strict({
      attachment: name.optional(),
      generated: z.literal("latest").optional(),
      alt: text.optional(),
    }).refine(
      (props) => (props.attachment === undefined) !== (props.generated === undefined),
      "Exactly one of attachment or generated.",
    ),
    description: "An attached or generated image; never a URL or path.",
  },
  Sources: { schema: empty(), holds: ["Source"], description: "A list of cited sources." },
  Source: {
    schema: strict({ title: text, url: text.regex(/^https?:\/\//i) }),
    parent: "Sources",
    description: "One cited web page.",
  },
  File: {
    schema: strict({ path: text, line: lineNumber.optional() }),
    description: "A link to a file in the workspace.",
  },
  Diff: { schema: strict({ path: text }), description: "A link to the changes of a file." },
  Commit: {
    schema: strict({ sha: z.string().regex(/^[0-9a-fA-F]{7,64}$/) }),
    description: "A link to a commit.",
  },
  Node: { schema: strict({ id: name }), description: "A link to a host node." },
  Checklist: {
    schema: strict({ value: z.array(scalar).max(1000) }),
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
      step: finite.positive().optional(),
      unit: text.optional(),
    }).refine(
      (p) => p.min < p.max && p.min <= p.value && p.value <= p.max,
      "Needs min < max and min <= value <= max.",
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
    schema: strict({ disabled: z.boolean().optional() }),
    extraProps: ["action"],
    description: "Runs its action: @Set($x, constant), @Reset($x) or @Reset().",
  },
  Show: {
    schema: strict({ when: z.boolean() }),
    description: "Draws its children while when is true.",
  },
  Each: {
    schema: strict({ items: z.array(uiValue).max(1000), as: identifier }),
    description: "Repeats its children for each item, named by as.",
  },
  Choices: {
    schema: empty(),
    holds: ["Choice"],
    description: "The answers a person can pick; one pick answers the block.",
  },
  Choice: {
    schema: strict({
      context: text.optional(),
      primary: z.boolean().optional(),
      disabled: z.boolean().optional(),
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
