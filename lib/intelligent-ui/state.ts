import { UiFailure } from "./failure";
import { resolveUiLimits } from "./limits";
import type { UiAction, UiBlock, UiLimits, UiValue } from "./types";
import { copyUiValue, sameUiType, sameUiValue } from "./values";

/** What a renderer reads; the same object until something changes. */
export interface UiStateSnapshot {
  blockId: string;
  /** Local variables by name (without `$`). */
  values: Readonly<Record<string, UiValue>>;
  /** Query results by name; null until the host loads one. */
  queries: Readonly<Record<string, UiValue>>;
  version: number;
}

/**
 * The local state of one block. `subscribe` and `snapshot` fit React's `useSyncExternalStore`.
 * Maps keep hostile names away from object prototypes.
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
    for (const variable of Object.values(block.variables)) this.values.set(variable.name, variable.default);
  }

  get blockId(): string {
    return this.block.id;
  }

  /** A variable or query value; undefined when the block declares no such name. */
  read(name: string): UiValue | undefined {
    const value = this.values.get(name);
    if (value !== undefined) return value;
    return Object.hasOwn(this.block.queries, name) ? (this.queryValues.get(name) ?? null) : undefined;
  }

  /** Every name an expression can read, with its current value. */
  scope(): Readonly<Record<string, UiValue>> {
    if (this.cachedScope === undefined) {
      const scope: Record<string, UiValue> = {};
      for (const name of [...this.values.keys(), ...Object.keys(this.block.queries)]) scope[name] = this.read(name) as UiValue;
      this.cachedScope = Object.freeze(scope);
    }
    return this.cachedScope;
  }

  set(name: string, value: unknown): void {
    const variable = Object.hasOwn(this.block.variables, name) ? this.block.variables[name] : undefined;
    if (variable === undefined) throw new UiFailure("refused_binding", `$${name} is not a declared local variable.`);
    const copy = copyUiValue(value, this.limits);
    if (!sameUiType(variable.default, copy)) throw new UiFailure("invalid_value", `$${name} keeps the type of its default.`);
    if (sameUiValue(this.values.get(name) as UiValue, copy)) return;
    this.values.set(name, copy);
    this.changed();
  }

  /** Loads a query result; the block and the query's exact definition must match. */
  setQuery(name: string, value: unknown, block: UiBlock): void {
    const own = Object.hasOwn(this.block.queries, name) ? this.block.queries[name] : undefined;
    const given = Object.hasOwn(block.queries, name) ? block.queries[name] : undefined;
    if (block.id !== this.block.id || own === undefined || given?.definition !== own.definition) {
      throw new UiFailure("refused_query", `The block does not declare that query ${name}.`);
    }
    this.queryValues.set(name, copyUiValue(value, this.limits));
    this.changed();
  }

  /** Runs a Button action. */
  run(action: UiAction): void {
    if (action.type === "set") return this.set(action.name, action.value);
    const names = action.name === undefined ? [...this.values.keys()] : [action.name];
    for (const name of names) {
      const variable = Object.hasOwn(this.block.variables, name) ? this.block.variables[name] : undefined;
      if (variable === undefined) throw new UiFailure("refused_binding", `$${name} is not a declared local variable.`);
      this.set(name, variable.default);
    }
  }

  /** Adopts a recompiled block: edits survive while their default is unchanged. */
  sync(block: UiBlock): void {
    const sameBlock = block.id === this.block.id;
    const previous = this.block;
    const values = new Map<string, UiValue>();
    for (const variable of Object.values(block.variables)) {
      const before = sameBlock && Object.hasOwn(previous.variables, variable.name) ? previous.variables[variable.name] : undefined;
      const kept = before !== undefined && sameUiValue(before.default, variable.default) ? this.values.get(variable.name) : undefined;
      values.set(variable.name, kept ?? variable.default);
    }
    const queries = new Map<string, UiValue>();
    for (const [name, value] of sameBlock ? this.queryValues : []) {
      const query = Object.hasOwn(block.queries, name) ? block.queries[name] : undefined;
      if (query !== undefined && query.definition === previous.queries[name]?.definition) queries.set(name, value);
    }
    this.block = block;
    this.values = values;
    this.queryValues = queries;
    this.changed();
  }

  snapshot(): UiStateSnapshot {
    this.cached ??= Object.freeze({
      blockId: this.block.id,
      values: Object.freeze(Object.fromEntries(this.values)),
      queries: Object.freeze(Object.fromEntries(Object.keys(this.block.queries).map((name) => [name, this.read(name) as UiValue]))),
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
