import type * as z from "zod/mini";
import type { ComponentFallback } from "./frame-decoder";

/** One entry of a closed manifest: a key and the strict schema its props must pass. */
export type ComponentDefinition<K extends string = string, P = unknown> = {
  readonly key: K;
  readonly props: z.core.$ZodType<P>;
  /** Plain-text rendering of valid props, for consumers that cannot draw the component. */
  describe?(props: P): string;
};

export function defineComponent<K extends string, P>(
  definition: ComponentDefinition<K, P>,
): ComponentDefinition<K, P> {
  return Object.freeze({ ...definition });
}

/** The semantic fallback shown for a valid frame whose component is not registered. */
export function componentFallbackText(fallback: ComponentFallback): string {
  return `[unsupported visual: ${fallback.kind}] ${fallback.summary}`;
}
