import * as z from "zod/mini";
import { componentProps, UI_CATALOG, type UiComponentDefinition } from "./components";

function isOptional(definition: UiComponentDefinition, prop: string): boolean {
  const schema = definition.schema.shape[prop];
  return schema === undefined ? false : z.safeParse(schema, undefined).success;
}

function propList(definition: UiComponentDefinition): string[] {
  return componentProps(definition).map((prop) =>
    isOptional(definition, prop) ? `${prop}?` : prop,
  );
}

function rules(definition: UiComponentDefinition): string {
  const parts = [
    definition.parent && `in ${definition.parent}`,
    definition.holds && `holds ${definition.holds.join(", ")}`,
    definition.binds && "binds value",
  ].filter(Boolean);
  return parts.length === 0 ? "" : ` (${parts.join("; ")})`;
}

/**
 * The catalog as an agent reads it: one line per component, `Name(prop, prop?): description`,
 * or with `compact` one `Name: prop,prop?` line each.
 */
export function describeUiCatalog(options: { compact?: boolean } = {}): string {
  return Object.values(UI_CATALOG)
    .map((definition) =>
      options.compact
        ? `${definition.name}: ${propList(definition).join(",")}`.trimEnd()
        : `${definition.name}(${propList(definition).join(", ")}): ${definition.description}${rules(definition)}`,
    )
    .join("\n");
}
