import { describe, expect, it } from "vitest";
import { uiLiveChoiceReason } from "./live-choice-reason";

describe("uiLiveChoiceReason", () => {
  it("opens choices only when every query has a reading for the current inputs", () => {
    expect(uiLiveChoiceReason([])).toBeNull();
    expect(uiLiveChoiceReason(["ready", "ready"])).toBeNull();
  });

  it("says why they are closed, a read in flight first, then a change not yet read, then a failure", () => {
    expect(uiLiveChoiceReason(["ready", "reading", "unread"])).toMatch(/^Reading live data/);
    expect(uiLiveChoiceReason(["failed", "unread"])).toMatch(/^Your change is being read/);
    expect(uiLiveChoiceReason(["ready", "failed"])).toMatch(/could not be read/);
  });
});
