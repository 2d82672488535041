import { describe, expect, it } from "vitest";
import { canSave, initialRow, reduceRow, type RowAction, type RowState } from "./chat-row-state";

const run = (state: RowState, ...actions: RowAction[]) => actions.reduce(reduceRow, state);

describe("a chat row's rename", () => {
  it("starts from the list's title, not from an edit that was cancelled", () => {
    const state = run(
      initialRow("Old"),
      { type: "open-rename", title: "Old" },
      { type: "edit", title: "Half typed" },
      { type: "cancel" },
      { type: "open-rename", title: "Renamed elsewhere" },
    );
    expect(state).toEqual({ mode: "rename", title: "Renamed elsewhere", busy: false, error: null });
  });

  it("closes at once when saved; a refusal opens it again on what was typed and says why", () => {
    const saved = run(
      initialRow("Old"),
      { type: "open-rename", title: "Old" },
      { type: "edit", title: "New" },
      { type: "saved" },
    );
    expect(saved).toMatchObject({ mode: "view", busy: true, error: null });
    expect(run(saved, { type: "done" })).toMatchObject({ mode: "view", busy: false });
    const refused = run(saved, { type: "rename-refused", error: "Too long." });
    expect(refused).toEqual({ mode: "rename", title: "New", busy: false, error: "Too long." });
    // Given up, the next rename starts from the list's title.
    expect(run(refused, { type: "cancel" }, { type: "open-rename", title: "Old" })).toEqual({
      mode: "rename",
      title: "Old",
      busy: false,
      error: null,
    });
  });

  it("saves only a title with more than spaces in it, and only one at a time", () => {
    expect(canSave({ ...initialRow("x"), title: "   " })).toBe(false);
    expect(canSave({ ...initialRow("x"), busy: true })).toBe(false);
    expect(canSave(initialRow("x"))).toBe(true);
  });
});

describe("a chat row's delete", () => {
  it("opens without a refusal left from an earlier attempt", () => {
    const state = run(
      initialRow("Old"),
      { type: "open-delete" },
      { type: "sending" },
      { type: "failed", error: "Offline." },
      { type: "cancel" },
      { type: "open-delete" },
    );
    expect(state).toMatchObject({ mode: "delete", error: null });
  });
});
