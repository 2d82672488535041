import { describe, expect, it } from "vitest";
import { createToolRegistry, validateToolAction } from "@/lib/component-frames";
import { appTools } from "./index";

const registry = createToolRegistry(appTools);
const input = { title: "Flaky e2e test on dev", body: "Fails one run in five.", labels: ["bug"] };

describe("the create-issue tool, as an action names it", () => {
  it("is registered, and files an issue of its own key for each approved proposal", async () => {
    const checked = validateToolAction(registry, { name: "create-issue", input });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const [first, second] = await Promise.all([
      checked.tool.execute(checked.input),
      checked.tool.execute(checked.input),
    ]);
    expect(first).toMatchObject({
      filed: true,
      title: input.title,
      labels: ["bug"],
      key: expect.stringMatching(/^ISSUE-[0-9a-f]{8}$/),
    });
    expect((first as { key: string }).key).not.toBe((second as { key: string }).key);
  });

  it("refuses an input its schema refuses, before anything is proposed", () => {
    for (const bad of [
      { ...input, title: " " },
      { ...input, labels: ["urgent"] },
      { ...input, assignee: "ada" },
    ]) {
      expect(
        validateToolAction(registry, { name: "create-issue", input: bad }),
        JSON.stringify(bad),
      ).toMatchObject({ ok: false, diagnostic: { code: "ACTION_INVALID_INPUT" } });
    }
  });
});
