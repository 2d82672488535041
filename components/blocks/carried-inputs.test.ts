import { describe, expect, it } from "vitest";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { carriedInputs } from "./carried-inputs";

const compile = (source: string) => compileUiBlock(source, { id: "b", final: true });

describe("inputs carried to a regenerated block", () => {
  const block = compile(`$plan = "basic"
$ready = false
$seats = 5
<Segmented value={$plan}><Option value="basic">Basic</Option><Option value="pro">Pro</Option></Segmented>
<Switch value={$ready}>Ready</Switch>
<Show when={$ready}><Slider value={$seats} min={1} max={50}>Seats</Slider></Show>
<Choices><Choice context="Buy">Buy</Choice></Choices>`);

  it("keeps each value the new block has a control for, including one shown only by another kept value", () => {
    expect(carriedInputs(block, { $seats: 20, $plan: "pro", $ready: true })).toEqual({
      $seats: 20,
      $plan: "pro",
      $ready: true,
    });
  });

  it("drops a variable the new block lost, a value its control cannot hold, and a value whose control stays hidden", () => {
    expect(carriedInputs(block, { $colour: "red", $plan: "enterprise", $seats: 20 })).toEqual({});
    expect(carriedInputs(block, { $plan: "pro", $seats: 500, $ready: true })).toEqual({
      $plan: "pro",
      $ready: true,
    });
  });
});
