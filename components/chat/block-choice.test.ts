import { describe, expect, it } from "vitest";
import { refusal } from "@/lib/chat/wire/client-api";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { buildItemView } from "@/scripts/test/wire-fixtures";
import { closedReason, editedInputs, refusalMessage, untitledBlockName } from "./block-choice";

describe("a refused pick's sentence", () => {
  it("says the reply was written again when the block is stale by revision, and only then", async () => {
    expect(
      refusalMessage(
        await refusal({
          code: "stale-ui-block",
          message: "Stale.",
          status: 409,
          reason: "revision",
        }),
      ),
    ).toMatch(/^This reply was written again/);
    expect(
      refusalMessage(
        await refusal({ code: "stale-ui-block", message: "Stale.", status: 409, reason: "hash" }),
      ),
    ).toMatch(/^This block changed after your page drew it/);
  });

  it("gives a source's own words as they are, and a plain sentence for a code it does not know or no answer at all", async () => {
    expect(
      refusalMessage(
        await refusal({
          code: "source-refused",
          message: "The deploy window is closed.",
          status: 409,
        }),
      ),
    ).toBe("The deploy window is closed.");
    expect(
      refusalMessage(
        await refusal({ code: "something-new", message: "Internal words.", status: 409 }),
      ),
    ).toBe("The choice could not be sent. Reload the page and try again.");
    expect(refusalMessage(new TypeError("fetch failed"))).toBe(
      "The choice could not be sent. Check your connection and try again.",
    );
  });
});

describe("why a block's choices are closed", () => {
  const item = (overrides: Parameters<typeof buildItemView>[0]) => buildItemView(overrides);

  it("is null on a finished reply of the agent itself", () => {
    expect(closedReason(item({ id: "r", position: 1 }))).toBeNull();
  });

  it("says why for a streaming, subagent's, stopped or failed reply, streaming first", () => {
    expect(
      closedReason(item({ id: "r", position: 1, status: "streaming", parentToolUseId: "tool" })),
    ).toMatch(/reply has finished/);
    expect(closedReason(item({ id: "r", position: 1, parentToolUseId: "tool" }))).toMatch(
      /subagent/,
    );
    expect(closedReason(item({ id: "r", position: 1, status: "stopped" }))).toMatch(
      /You stopped this reply/,
    );
    expect(closedReason(item({ id: "r", position: 1, status: "failed" }))).toMatch(
      /did not finish/,
    );
  });
});

describe("the inputs carried to a new revision", () => {
  const block = compileUiBlock(
    `$branch = "main"\n$ready = false\n<Segmented value={$branch}><Option value="main">main</Option><Option value="dev">dev</Option></Segmented>\n<Switch value={$ready}>Ready</Switch>`,
    { id: "b", final: true },
  );

  it("are the ones the person changed from the block's defaults", () => {
    expect(editedInputs(block, { $branch: "main", $ready: true })).toEqual({ $ready: true });
    expect(editedInputs(block, { $branch: "dev", $ready: false })).toEqual({ $branch: "dev" });
  });
});

describe("an untitled block's name", () => {
  it("numbers it among the reply's blocks, with the reply's position", () => {
    const reply = buildItemView({
      id: "r",
      position: 7,
      parts: [
        { kind: "text", text: "Pick" },
        { kind: "block", blockId: "a" },
        { kind: "block", blockId: "b" },
      ],
    });
    expect(untitledBlockName(reply, "b")).toBe("Interactive block 2, message 7");
    // A block the parts do not list yet (still streaming) is still named.
    expect(untitledBlockName(reply, "c")).toBe("Interactive block 1, message 7");
  });
});
