import { afterEach, describe, expect, it, vi } from "vitest";
import {
  compileStoredUi,
  resolveStoredUiChoice,
  storedUiQueryArguments,
} from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import { argumentsKey, issuedQueryValues } from "./index";

const SOURCE = [
  "```ui",
  '$branch = "main"',
  '$runs = @Query("ci.runs", {branch: $branch})',
  '<Segmented value={$branch}><Option value="main">Main</Option><Option value="dev">Dev</Option></Segmented>',
  "<Summary>{$runs.failing} failing</Summary>",
  '<Choices><Choice context={"CI on " + $branch}>Go</Choice></Choices>',
  "```",
].join("\n");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the readings a pick is checked against", () => {
  it("are the issued values as stored, never refused on time however busy the server is", () => {
    const [block] = compileStoredUi(SOURCE, {
      id: "item",
      querySchemas: querySchemasOf(LIVE_SOURCES),
    });
    const values = { $branch: "main" };
    const value = {
      branch: "main",
      window: 1,
      failing: 1,
      failedJobs: ["lint"],
      runs: [{ job: "lint", status: "failed", ms: 1000 }],
    };
    const reading = {
      id: "read-1",
      query: "$runs",
      argsKey: argumentsKey(storedUiQueryArguments(block!, "$runs", values)),
      value,
      frozen: true,
      readAt: new Date(),
    };
    // Every look at the clock finds 100 ms gone: any time budget of the block's own runs out at once.
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 100));
    const issued = issuedQueryValues({
      block: block!,
      readings: [reading],
      values,
      reads: { $runs: "read-1" },
      now: Date.now(),
    });
    expect(issued).toEqual({ $runs: value });
    const choice = block!.nodes.find((node) => node.type === "Choices")!.children[0]!;
    expect(resolveStoredUiChoice(block!, choice.id, values, issued!)).toMatchObject({
      context: "CI on main",
    });
  });
});
