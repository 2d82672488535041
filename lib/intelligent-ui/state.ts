import { UiFailure } from "./failure";
import { resolveUiLimits } from "./limits";
import { compiledName, declaredName } from "./names";
import type { UiAction, UiBlock, UiLimits, UiValue } from "./types";
import { copyUiValue, sameUiType, sameUiValue } from "./values";

/** A frozen record of values by declared name (`$count`). */
function declaredMap(values: ReadonlyMap<string, UiValue>): Readonly<Record<string, UiValue>> {
  const map: Record<string, UiValue> = {};
  for (const [name, value] of values) map[declaredName(name)] = value;
  return Object.freeze(map);
}

/** What a renderer reads; the same object until something changes. */
export interface UiStateSnapshot {
  blockId: string;
  /** Local variables by declared name, with its `$` (`{ "$count": 4 }`). */
  values: Readonly<Record<string, UiValue>>;
  /** Loaded query results by declared name (`$runs`); a query not loaded yet is absent. */
  queries: Readonly<Record<string, UiValue>>;
  version: number;
}

/**
 * The local state of one block. `subscribe` and `snapshot` fit React's `useSyncExternalStore`.
 * Maps keep hostile names away from object prototypes. Names a host passes or receives are the
 * declared names with their `$` (`set("$count", 4)`); a name without `$` is not declared.
 */
export class UiState {
  private block: UiBlock;
  private readonly limits: UiLimits;
  private values = new Map<string, UiValue>();
  private queryValues = new Map<string, UiValue>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private cached: UiStateSnapshot | undefined;
  private cachedScope: Record<string, UiValue> | undefined;

  constructor(block: UiBlock, limits?: Partial<UiLimits>) {
    this.block = block;
    this.limits = resolveUiLimits(limits);
    for (const variable of Object.values(block.variables))
      this.values.set(variable.name, variable.default);
  }

  get blockId(): string {
    return this.block.id;
  }

  /** A variable or loaded query value by declared name (`$count`); undefined when undeclared or not loaded. */
  read(name: string): UiValue | undefined {
    const compiled = compiledName(name);
    return compiled === undefined ? undefined : this.lookup(compiled);
  }

  /** @internal The same by the name a compiled block stores (`count`): what expressions read. */
  lookup(name: string): UiValue | undefined {
    const value = this.values.get(name);
    return value !== undefined ? value : this.queryValues.get(name);
  }

  /** Every value an expression can read now, by declared name; a query not loaded yet is absent. */
  scope(): Readonly<Record<string, UiValue>> {
    this.cachedScope ??= Object.freeze({ ...this.snapshot().values, ...this.snapshot().queries });
    return this.cachedScope;
  }

  /** Sets a local variable by declared name (`$count`): undeclared → `refused_binding`, another type → `invalid_value`. */
  set(name: string, value: unknown): void {
    const compiled = compiledName(name);
    if (compiled === undefined)
      throw new UiFailure(
        "refused_binding",
        `${name} is not a declared name: a name starts with $.`,
      );
    this.assign(compiled, value);
  }

  /** @internal `set` by the name a compiled block stores: bindings and actions carry those. */
  assign(name: string, value: unknown): void {
    const variable = Object.hasOwn(this.block.variables, name)
      ? this.block.variables[name]
      : undefined;
    if (variable === undefined)
      throw new UiFailure("refused_binding", `$${name} is not a declared local variable.`);
    const copy = copyUiValue(value, this.limits);
    if (!sameUiType(variable.default, copy))
      throw new UiFailure("invalid_value", `$${name} keeps the type of its default.`);
    if (sameUiValue(this.values.get(name) as UiValue, copy)) return;
    this.values.set(name, copy);
    this.changed();
  }

  /** Loads a query result by declared name (`$runs`); the block and the query's exact definition must match. */
  setQuery(name: string, value: unknown, block: UiBlock): void {
    const compiled = compiledName(name) ?? "";
    const own = Object.hasOwn(this.block.queries, compiled)
      ? this.block.queries[compiled]
      : undefined;
    const given = Object.hasOwn(block.queries, compiled) ? block.queries[compiled] : undefined;
    if (block.id !== this.block.id || own === undefined || given?.definition !== own.definition) {
      throw new UiFailure("refused_query", `The block does not declare that query ${name}.`);
    }
    this.queryValues.set(compiled, copyUiValue(value, this.limits));
    this.changed();
  }

  /** Runs a Button action. */
  run(action: UiAction): void {
    if (action.type === "set") return this.assign(action.name, action.value);
    const names = action.name === undefined ? [...this.values.keys()] : [action.name];
    for (const name of names) {
      const variable = Object.hasOwn(this.block.variables, name)
        ? this.block.variables[name]
        : undefined;
      if (variable === undefined)
        throw new UiFailure("refused_binding", `$${name} is not a declared local variable.`);
      this.assign(name, variable.default);
    }
  }

  /** Adopts a recompiled block: edits survive while their default is unchanged. */
  sync(block: UiBlock): void {
    const sameBlock = block.id === this.block.id;
    const previous = this.block;
    const values = new Map<string, UiValue>();
    for (const variable of Object.values(block.variables)) {
      const before =
        sameBlock && Object.hasOwn(previous.variables, variable.name)
          ? previous.variables[variable.name]
          : undefined;
      const kept =
        before !== undefined && sameUiValue(before.default, variable.default)
          ? this.values.get(variable.name)
          : undefined;
      values.set(variable.name, kept ?? variable.default);
    }
    const queries = new Map<string, UiValue>();
    for (const [name, value] of sameBlock ? this.queryValues : []) {
      const query = Object.hasOwn(block.queries, name) ? block.queries[name] : undefined;
      if (query !== undefined && query.definition === previous.queries[name]?.definition)
        queries.set(name, value);
    }
    this.block = block;
    this.values = values;
    this.queryValues = queries;
    this.changed();
  }

  snapshot(): UiStateSnapshot {
    this.cached ??= Object.freeze({
      blockId: this.block.id,
      values: declaredMap(this.values),
      queries: declaredMap(this.queryValues),
      version: this.version,
    });
    return this.cached;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private changed(): void {
    this.version++;
    this.cached = undefined;
    this.cachedScope = undefined;
    for (const listener of [...this.listeners]) listener();
  }
}
