import { readBoundedJson, type JsonValue } from "./bounded-json";
import {
  COMPONENT_KEY_PATTERN,
  COMPONENT_PROTOCOL,
  COMPONENT_PROTOCOL_VERSION,
  FRAME_LIMITS,
  IDENTIFIER_PATTERN,
} from "./constants";
import { FRAME_NOT_JSON_MESSAGE, fail, type Failure } from "./diagnostics";

export type ComponentFallback = { readonly kind: string; readonly summary: string };

/** A decoded frame: envelope checked, props bounded JSON but not yet checked by any component. */
export type ComponentRenderFrame<K extends string = string, P = JsonValue> = {
  readonly protocol: typeof COMPONENT_PROTOCOL;
  readonly version: typeof COMPONENT_PROTOCOL_VERSION;
  readonly type: "render";
  readonly componentKey: K;
  readonly instanceId: string;
  readonly props: P;
  readonly fallback: ComponentFallback;
};

export type FrameDecodeResult =
  { readonly ok: true; readonly frame: ComponentRenderFrame } | Failure;

class InvalidFrame extends Error {}

/** Decodes an untrusted frame (object or JSON text). Never throws and never calls a getter. */
export function decodeComponentFrame(input: unknown): FrameDecodeResult {
  let source = input;
  if (typeof input === "string") {
    try {
      source = JSON.parse(input);
    } catch {
      return fail("COMPONENT_INVALID_FRAME", FRAME_NOT_JSON_MESSAGE);
    }
  }
  try {
    return decodeFrameRecord(source);
  } catch {
    return fail("COMPONENT_INVALID_FRAME");
  }
}

function decodeFrameRecord(source: unknown): FrameDecodeResult {
  const record = requirePlainRecord(source);
  if (readField(record, "protocol") !== COMPONENT_PROTOCOL) return fail("COMPONENT_INVALID_FRAME");
  const version = readField(record, "version");
  if (typeof version !== "number") return fail("COMPONENT_INVALID_FRAME");
  if (version !== COMPONENT_PROTOCOL_VERSION) return fail("COMPONENT_UNSUPPORTED_VERSION");
  const type = readField(record, "type");
  if (typeof type !== "string") return fail("COMPONENT_INVALID_FRAME");
  if (type !== "render") return fail("COMPONENT_UNKNOWN_TYPE");

  const componentKey = readField(record, "componentKey");
  const instanceId = readField(record, "instanceId");
  if (!matches(componentKey, COMPONENT_KEY_PATTERN) || !matches(instanceId, IDENTIFIER_PATTERN)) {
    return fail("COMPONENT_INVALID_FRAME");
  }
  if (!Reflect.getOwnPropertyDescriptor(record, "props")) return fail("COMPONENT_INVALID_FRAME");
  const props = readBoundedJson(readField(record, "props"));
  const fallback = decodeFallback(readField(record, "fallback"));
  if (!props.ok || !fallback) return fail("COMPONENT_INVALID_FRAME");

  const frame: ComponentRenderFrame = {
    protocol: COMPONENT_PROTOCOL,
    version: COMPONENT_PROTOCOL_VERSION,
    type: "render",
    componentKey,
    instanceId,
    props: props.value,
    fallback,
  };
  return { ok: true, frame };
}

function decodeFallback(source: unknown): ComponentFallback | undefined {
  const record = requirePlainRecord(source);
  const kind = readField(record, "kind");
  const summary = readField(record, "summary");
  if (!isSizedString(kind, FRAME_LIMITS.fallbackKindMax)) return undefined;
  if (!isSizedString(summary, FRAME_LIMITS.fallbackSummaryMax)) return undefined;
  return { kind, summary };
}

function requirePlainRecord(source: unknown): object {
  if (typeof source !== "object" || source === null || Array.isArray(source))
    throw new InvalidFrame();
  const prototype = Reflect.getPrototypeOf(source);
  if (prototype !== Object.prototype && prototype !== null) throw new InvalidFrame();
  return source;
}

/** Reads an own data property; an accessor counts as invalid input and is never invoked. */
function readField(record: object, key: string): unknown {
  const descriptor = Reflect.getOwnPropertyDescriptor(record, key);
  if (!descriptor) return undefined;
  if ("get" in descriptor || "set" in descriptor) throw new InvalidFrame();
  return descriptor.value;
}

function isSizedString(value: unknown, max: number): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= max;
}

function matches(value: unknown, pattern: RegExp): value is string {
  return typeof value === "string" && pattern.test(value);
}
