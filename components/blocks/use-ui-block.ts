import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import {
  evaluateStoredUiBlock,
  evaluateUiBlock,
  sameUiValue,
  storedUiValidatedState,
  UiState,
  uiInputValues,
  type UiBlock,
  type UiEvaluation,
  type UiValue,
} from "@/lib/intelligent-ui";

type Values = Record<string, UiValue>;

/**
 * An answered block draws the values that were sent. Values that no longer validate leave the
 * controls as they were (what this person set, or the defaults); the answer still shows by label.
 */
function createState(
  block: UiBlock,
  answered: Values | null,
  queries: Values | undefined,
  previous?: UiState,
): UiState {
  const state = answeredState(block, answered, previous);
  // Loaded while the state is made, so the server's first paint already draws the readings.
  loadQueries(state, block, queries);
  return state;
}

function answeredState(block: UiBlock, answered: Values | null, previous?: UiState): UiState {
  if (answered !== null) {
    try {
      return storedUiValidatedState(block, answered);
    } catch {
      if (previous !== undefined) return previous;
    }
  }
  return new UiState(block);
}

/** Loads live query values the server issued; one the block does not declare is ignored. */
function loadQueries(state: UiState, block: UiBlock, queries: Values | undefined): void {
  for (const [name, value] of Object.entries(queries ?? {})) {
    try {
      const current = state.read(name);
      if (current === undefined || !sameUiValue(current, value)) state.setQuery(name, value, block);
    } catch {
      // A reading for another definition of the query: the block draws without it.
    }
  }
}

interface Held {
  blockId: string;
  answered: Values | null;
  state: UiState;
}

/**
 * One UiState per block id, evaluated whenever it changes. A recompile of the same block (a
 * streaming preview growing) is adopted with `sync`, so what the person set survives it.
 */
export function useUiBlock(
  block: UiBlock,
  answered: Values | null,
  queries?: Values,
  onInputs?: (values: Values) => void,
  initial?: Values,
): { state: UiState; evaluation: UiEvaluation } {
  // An open block starts from `initial` (inputs carried over from the block it replaced), if any.
  const [held, setHeld] = useState<Held>(() => ({
    blockId: block.id,
    answered,
    state: createState(block, answered ?? initial ?? null, queries),
  }));
  let current = held;
  const answerChanged =
    (held.answered === null) !== (answered === null) ||
    (answered !== null && !sameUiValue(held.answered, answered));
  if (held.blockId !== block.id || answerChanged) {
    // React's pattern for state derived from props: replace it during render, before anything reads it.
    current = {
      blockId: block.id,
      answered,
      state: createState(
        block,
        answered,
        queries,
        held.blockId === block.id ? held.state : undefined,
      ),
    };
    setHeld(current);
  }
  const { state } = current;

  const adopted = useRef(block);
  useLayoutEffect(() => {
    if (adopted.current === block) return;
    adopted.current = block;
    state.sync(block);
  }, [block, state]);

  useLayoutEffect(() => loadQueries(state, block, queries), [queries, state, block]);

  const subscribe = useCallback((listener: () => void) => state.subscribe(listener), [state]);
  const read = useCallback(() => state.snapshot(), [state]);
  const snapshot = useSyncExternalStore(subscribe, read, read);
  useEffect(() => onInputs?.(uiInputValues(block, state)), [onInputs, block, state, snapshot]);
  // A complete block is stored: a busy device draws it whole (the stored time policy), never cut short.
  const evaluate = block.complete ? evaluateStoredUiBlock : evaluateUiBlock;
  // The snapshot is a dependency on purpose: evaluation reads the state, and a new snapshot means it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const evaluation = useMemo(() => evaluate(block, state), [evaluate, block, state, snapshot]);
  return { state, evaluation };
}
