import { UiFailure } from "./failure";

// A compiled block stores a declared name without its `$` (the expression tree, `binding`,
// actions, `variables` and `queries` keys), as the tokenizer reads it. Every name a host passes to
// or receives from the library is the declared name with its `$` (`{ "$count": 4 }`), exactly as a
// page sends it on the wire; a key without `$` names nothing.

/** The declared name a host sees for a compiled name: `count` → `$count`. */
export function declaredName(name: string): string {
  return `$${name}`;
}

/** The compiled name behind a declared `$name`, or undefined for a key without `$`. */
export function compiledName(key: string): string | undefined {
  return key.startsWith("$") ? key.slice(1) : undefined;
}

/** The compiled name behind a submitted key; a key without `$` is not a declared name. */
export function submittedName(key: string): string {
  const name = compiledName(key);
  if (name === undefined)
    throw new UiFailure("refused_binding", `${key} is not a declared name: a name starts with $.`);
  return name;
}
