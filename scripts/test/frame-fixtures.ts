/** Shared frame builders for this folder's tests. */
export function buildChoiceListFrame(overrides: Record<string, unknown> = {}) {
  return {
    protocol: "agentskit.chat.component",
    version: 1,
    type: "render",
    componentKey: "choice-list",
    instanceId: "destination-choice",
    props: {
      prompt: "Where should we go?",
      choices: [
        { id: "docs", label: "Documentation", description: "Read the component guide." },
        { id: "demo", label: "Demo" },
      ],
    },
    fallback: { kind: "choice-list", summary: "Choose Documentation or Demo." },
    ...overrides,
  };
}

/** `depth` containers wrapped around a leaf, so the leaf sits at exactly `depth`. */
export function nestArrays(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

export function nestRecords(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = { inner: value };
  return value;
}

export function buildRecord(keyCount: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: keyCount }, (_, index) => [`k${index}`, index]));
}
