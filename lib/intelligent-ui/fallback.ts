import { fenceSource, findUiFences, UI_FENCE_LANGUAGE } from "./fences";
import type { UiBlock, UiValue, UiViewNode } from "./types";

const RAW_LIMIT = 1_024;

function textProp(props: Record<string, UiValue>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = props[name];
    if (typeof value === "string" || typeof value === "number") return String(value);
  }
  return undefined;
}

export function joinFallbacks(views: readonly UiViewNode[]): string {
  let text = "";
  for (const view of views) text += view.fallback;
  return text;
}

/** A node's plain-text form from its children's joined fallbacks; a blank one falls back to the node's raw source. */
export function nodeFallback(
  type: string,
  props: Record<string, UiValue>,
  children: string,
  raw: string,
): string {
  if (type === "Show" || type === "Each") return children;
  const text = componentFallback(type, props, children);
  if (text.trim() !== "") return text;
  const source = raw.slice(0, RAW_LIMIT);
  return type === "Tag" || source.endsWith("\n") ? source : `${source}\n`;
}

function componentFallback(type: string, props: Record<string, UiValue>, children: string): string {
  switch (type) {
    case "Stat": {
      const unit = textProp(props, "unit");
      return `${textProp(props, "label") ?? ""}: ${textProp(props, "value") ?? ""}${unit ? ` ${unit}` : ""}\n`;
    }
    case "Source":
      return `${textProp(props, "title") ?? ""}: ${textProp(props, "url") ?? ""}\n`;
    case "Table":
      return `${JSON.stringify(props.rows ?? [])}\n`;
    case "Chart":
      return `${JSON.stringify(props.data ?? [])}\n`;
    case "Image":
      return `[Image: ${textProp(props, "alt", "attachment", "generated") ?? "unavailable"}]${children}\n`;
    default: {
      const head = textProp(props, "label", "title");
      const link = textProp(props, "path", "sha", "id");
      const context = textProp(props, "context");
      const text = `${head === undefined ? "" : `${head}: `}${link === undefined ? "" : `${link} `}${children}${context === undefined ? "" : `\n${context}`}`;
      return type === "Tag" || text.endsWith("\n") ? text : `${text}\n`;
    }
  }
}

/** The block's text: its top-level fallbacks joined (`joined`) and trimmed, or its source when blank. */
export function blockFallback(joined: string, source: string): string {
  const text = joined.trim();
  return text === "" ? source : text;
}

/** The reply with each block's fence (opening through closing line) replaced by its fallback. */
export function uiFallbackText(
  text: string,
  blocks: readonly UiBlock[],
  fenceLanguage = UI_FENCE_LANGUAGE,
): string {
  const fences = findUiFences(text, fenceLanguage);
  let result = "";
  let position = 0;
  fences.forEach((fence, index) => {
    const block = blocks[index];
    if (block === undefined || block.source !== fenceSource(text, fence)) return;
    result += text.slice(position, fence.start) + block.fallback + "\n";
    position = fence.end;
  });
  return result + text.slice(position);
}
