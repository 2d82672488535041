/** A chat row in the sidebar: its link, its rename form or its delete confirmation. */
export type RowMode = "view" | "rename" | "delete";

export type RowState = { mode: RowMode; title: string; busy: boolean; error: string | null };

export type RowAction =
  | { type: "open-rename"; title: string }
  | { type: "open-delete" }
  | { type: "edit"; title: string }
  | { type: "cancel" }
  | { type: "saved" }
  | { type: "sending" }
  | { type: "done" }
  | { type: "failed"; error: string }
  | { type: "rename-refused"; error: string };

export function initialRow(title: string): RowState {
  return { mode: "view", title, busy: false, error: null };
}

export function reduceRow(state: RowState, action: RowAction): RowState {
  switch (action.type) {
    // A rename starts from the title as the list has it now, not from an abandoned edit.
    case "open-rename":
      return { ...state, mode: "rename", title: action.title, error: null };
    case "open-delete":
      return { ...state, mode: "delete", error: null };
    case "edit":
      return { ...state, title: action.title };
    case "cancel":
      return { ...state, mode: "view", error: null };
    // A rename closes at once, the new title already in the list; the server's answer follows.
    case "saved":
      return { ...state, mode: "view", busy: true, error: null };
    case "sending":
      return { ...state, busy: true, error: null };
    case "done":
      return { ...state, mode: "view", busy: false };
    // A refusal leaves the row as it is (a delete's confirmation stays open) and says why.
    case "failed":
      return { ...state, busy: false, error: action.error };
    // A refused rename opens again on what the person typed, so nothing they wrote is lost.
    case "rename-refused":
      return { ...state, mode: "rename", busy: false, error: action.error };
  }
}

/** A title is saved only with something in it besides spaces, and only once at a time. */
export function canSave(state: RowState): boolean {
  return !state.busy && state.title.trim() !== "";
}
