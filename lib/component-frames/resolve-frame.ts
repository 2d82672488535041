import * as z from "zod/mini";
import type { ComponentDefinition } from "./component-definition";
import { fail, type Failure } from "./diagnostics";
import { decodeComponentFrame, type ComponentRenderFrame } from "./frame-decoder";
import type { ComponentManifest } from "./manifest";

export type ResolvedComponentFrame<D extends ComponentDefinition> =
  D extends ComponentDefinition<infer K, infer P>
    ? {
        readonly ok: true;
        readonly componentKey: K;
        readonly frame: ComponentRenderFrame<K, P>;
        readonly props: P;
        readonly definition: D;
      }
    : never;

/**
 * `frame` is present when the envelope itself was valid: for `COMPONENT_UNKNOWN` the caller
 * draws `componentFallbackText(frame.fallback)`; for `COMPONENT_INVALID_PROPS` nothing is drawn.
 */
export type UnresolvedComponentFrame = Failure & { readonly frame?: ComponentRenderFrame };

export type FrameResolveResult<D extends ComponentDefinition> =
  ResolvedComponentFrame<D> | UnresolvedComponentFrame;

export function resolveComponentFrame<D extends ComponentDefinition>(
  input: unknown,
  manifest: ComponentManifest<D>,
): FrameResolveResult<D> {
  const decoded = decodeComponentFrame(input);
  if (!decoded.ok) return decoded;
  const { frame } = decoded;
  const definition = manifest.definitions.get(frame.componentKey);
  if (!definition) return { ...fail("COMPONENT_UNKNOWN"), frame };
  const parsed = parseProps(definition, frame.props);
  if (!parsed.success) return { ...fail("COMPONENT_INVALID_PROPS"), frame };
  const resolved = {
    ok: true,
    componentKey: frame.componentKey,
    frame: { ...frame, props: parsed.data },
    props: parsed.data,
    definition,
  };
  return resolved as ResolvedComponentFrame<D>;
}

/** A custom schema's refinement is app code and may throw; that still counts as invalid props. */
function parseProps(definition: ComponentDefinition, props: unknown) {
  try {
    return z.safeParse(definition.props, props);
  } catch {
    return { success: false as const };
  }
}
