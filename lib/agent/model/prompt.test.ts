import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeUiCatalog } from "@/lib/intelligent-ui";
import type { ConfirmableTool } from "@/lib/component-frames";
import { appComponents } from "../components";
import { parseAgentSetting } from "@/lib/config";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { appTools } from "@/lib/tools";
import { appInstructions, modelAgentOptions } from "..";
import { frameTools } from "./frame-tools";
import { buildInstructions, type LiveSourceDescription } from "./prompt";

const frames = frameTools(appComponents, appTools);
const instructions = (sources: LiveSourceDescription[] = [], catalog?: "full" | "compact") =>
  buildInstructions({ sources, frames, tools: appTools, catalog });

describe("the instructions a model gets", () => {
  it("hold the block catalog as the library describes it, full or compact, and the closed prop values", () => {
    expect(instructions()).toContain(describeUiCatalog());
    expect(instructions([], "compact")).toContain(describeUiCatalog({ compact: true }));
    expect(instructions([], "compact")).not.toContain(describeUiCatalog());
    expect(instructions()).toContain(
      "Summary, Callout, Tag, Stat tone: neutral | info | success | warning | danger",
    );
    expect(instructions()).toContain("Step state: done | running | pending | failed | skipped");
    expect(instructions()).toContain('Image generated: "latest"');
  });

  it("hold the frame manifest: each component's tool and the tools an action may propose, with their input schema", () => {
    const text = instructions();
    expect(text).toContain(`\`choice_list\`: ${frames[0]!.description}`);
    expect(text).toContain('"send-email": Sends an email');
    expect(text).toContain(
      JSON.stringify(
        z.toJSONSchema(appTools[0]!.input, { target: "draft-7", io: "input" }).properties,
      ),
    );
  });

  it("list no tool a person could not confirm", () => {
    const silent: ConfirmableTool = {
      name: "wipe-disk",
      executable: true,
      requiresConfirmation: false,
      input: z.object({}),
      execute: async () => null,
    };
    const text = buildInstructions({
      sources: [],
      frames: frameTools(appComponents, [silent]),
      tools: [silent],
    });
    expect(text).not.toContain("wipe-disk");
    expect(text).toContain("No tools are registered: choices carry no action.");
  });

  it("say no live source exists today, and list each one given with its argument schema", () => {
    expect(instructions()).toContain("No live sources are registered: never declare @Query.");
    const ci: LiveSourceDescription = {
      name: "ci-runs",
      description: "Recent CI runs of a branch.",
      arguments: { type: "object", properties: { branch: { type: "string" } } },
    };
    const text = instructions([ci]);
    expect(text).toContain(
      '- "ci-runs": Recent CI runs of a branch. Arguments: {"type":"object","properties":{"branch":{"type":"string"}}}',
    );
    expect(text).not.toContain("never declare @Query");
  });

  it("tell the model how its history and a picked choice read", () => {
    expect(instructions()).toContain(
      "Your earlier replies appear as text: each block replaced by its text fallback",
    );
    expect(instructions()).toContain('The person chose "<label>" from your UI reply');
  });

  it("in this app, hold the catalog, every registered live source and the manifest", () => {
    const text = appInstructions();
    expect(text).toContain(describeUiCatalog());
    for (const source of LIVE_SOURCES.values())
      expect(text).toContain(`- "${source.name}": ${source.description} Arguments: {`);
    expect(text).toContain("`choice_list`");
    expect(text).toContain('"send-email"');
  });

  it("in this app, describe the catalog as AI_CATALOG chose: full by default, or compact", () => {
    expect(appInstructions()).toBe(appInstructions("full"));
    expect(appInstructions("compact")).toContain(describeUiCatalog({ compact: true }));
    expect(appInstructions("compact")).not.toContain(describeUiCatalog());
    expect(appInstructions("compact").length).toBeLessThan(appInstructions("full").length);
    const setting = parseAgentSetting({
      AGENT: "model",
      AI_MODEL: "openai/gpt-5-mini",
      OPENAI_API_KEY: "sk-test",
      AI_CATALOG: "compact",
    });
    if (setting.kind !== "model") throw new Error("expected a model");
    expect(modelAgentOptions(setting).instructions).toBe(appInstructions("compact"));
    expect(modelAgentOptions({ ...setting, catalog: "full" }).instructions).toBe(
      appInstructions("full"),
    );
  });
});
