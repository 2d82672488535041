import { ChoiceListComponent } from "./choice-list";
import type { ComponentDefinition } from "./component-definition";
import { COMPONENT_KEY_PATTERN, STANDARD_COMPONENT_KEYS } from "./constants";

export type ManifestErrorCode =
  "MANIFEST_INVALID_KEY" | "MANIFEST_DUPLICATE_KEY" | "MANIFEST_RESERVED_KEY";

/** A configuration mistake in the app's own code, so it throws instead of returning a diagnostic. */
export class ComponentManifestError extends Error {
  constructor(
    readonly code: ManifestErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ComponentManifestError";
  }
}

export type ComponentManifest<D extends ComponentDefinition = ComponentDefinition> = {
  readonly keys: readonly D["key"][];
  /** A Map, so inherited names such as `constructor` can never match a key. */
  readonly definitions: ReadonlyMap<string, D>;
};

const standardDefinitions: ReadonlySet<ComponentDefinition> = new Set<ComponentDefinition>([
  ChoiceListComponent,
]);
const standardKeys: ReadonlySet<string> = new Set(STANDARD_COMPONENT_KEYS);

export function defineComponentManifest<const D extends readonly ComponentDefinition[]>(
  definitions: D,
): ComponentManifest<D[number]> {
  const byKey = new Map<string, D[number]>();
  for (const definition of definitions) {
    const key: unknown = definition.key;
    if (typeof key !== "string" || !COMPONENT_KEY_PATTERN.test(key)) {
      throw new ComponentManifestError(
        "MANIFEST_INVALID_KEY",
        `Component key "${String(key)}" is not valid.`,
      );
    }
    if (byKey.has(key)) {
      throw new ComponentManifestError(
        "MANIFEST_DUPLICATE_KEY",
        `Component key "${key}" is declared twice.`,
      );
    }
    if (standardKeys.has(key) && !standardDefinitions.has(definition)) {
      throw new ComponentManifestError(
        "MANIFEST_RESERVED_KEY",
        `Component key "${key}" is a standard key; a custom definition may not reuse it.`,
      );
    }
    byKey.set(key, definition);
  }
  return Object.freeze({ keys: Object.freeze([...byKey.keys()]), definitions: byKey });
}
