import { UiFailure } from "./failure";
import type { UiLimits, UiReplyLimits } from "./types";

export const UI_LIMITS: Readonly<UiLimits> = Object.freeze({
  characters: 65_536,
  depth: 32,
  nodes: 512,
  diagnostics: 20,
  steps: 20_000,
  iterations: 2_000,
  stringLength: 16_384,
  milliseconds: 30,
});

export const UI_REPLY_LIMITS: Readonly<UiReplyLimits> = Object.freeze({
  blocks: 16,
  characters: 262_144,
  nodes: 2_048,
  milliseconds: 60,
});

export const UI_HOST_LIMITS = Object.freeze({
  queries: 8,
  links: 64,
  refreshMilliseconds: 10_000,
});

/** Unfrozen copies of each defaults object, with its keys: spreading a frozen object took V8's slow path (~0.1 µs a call). */
const templates = new Map<object, { copy: object; keys: string[] }>();

function templateOf<T extends object>(defaults: Readonly<T>): { copy: T; keys: (keyof T)[] } {
  let template = templates.get(defaults);
  if (template === undefined) {
    template = { copy: { ...defaults }, keys: Object.keys(defaults) };
    templates.set(defaults, template);
  }
  return template as { copy: T; keys: (keyof T)[] };
}

/** Merges overrides onto defaults; every value must be a positive safe integer. */
export function resolveLimits<T extends object>(defaults: Readonly<T>, overrides?: Partial<T>): T {
  const template = templateOf(defaults);
  const limits = { ...template.copy };
  if (overrides === undefined) return limits;
  if (typeof overrides !== "object" || overrides === null) {
    throw new UiFailure("invalid_limits", "Limits must be an object.");
  }
  for (const key of template.keys) {
    if (!Object.hasOwn(overrides, key)) continue;
    const value = overrides[key];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
      throw new UiFailure(
        "invalid_limits",
        `Limit ${String(key)} must be a positive safe integer.`,
      );
    }
    limits[key] = value as T[keyof T];
  }
  return limits;
}

export function resolveUiLimits(overrides?: Partial<UiLimits>): UiLimits {
  return resolveLimits(UI_LIMITS, overrides);
}
