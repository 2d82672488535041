import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { CompactStat } from "@/docs/samples/compact-stat";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { exampleWeatherSource } from "@/lib/live-sources/example-weather";
import { WEATHER_BLOCK } from "@/lib/agent/example-scenarios";
import { UiBlockView } from "./ui-block-view";

// docs/extend.md, "Replace a block component's renderer": the registry's `Stat` line names
// CompactStat, and a renderer under a name outside the catalog is registered too, to no effect.
vi.mock("./registry", async (importOriginal) => {
  const { RENDERERS } = await importOriginal<typeof import("./registry")>();
  return { RENDERERS: new Map([...RENDERERS, ["Stat", CompactStat], ["Gauge", CompactStat]]) };
});

const LIMITS = { milliseconds: 10_000 };
const source = WEATHER_BLOCK.replace(/^```ui\n|\n```$/g, "");
const querySchemas = { "example.weather": exampleWeatherSource.args };

function draw(text: string, queries?: Record<string, never>): string {
  const block = compileUiBlock(text, { id: "b", final: true, limits: LIMITS, querySchemas });
  return renderToStaticMarkup(
    <UiBlockView
      block={block}
      answer={null}
      closedReason={null}
      renderTime={(iso) => iso}
      queries={queries}
    />,
  );
}

describe("a replaced renderer", () => {
  it("draws every Stat of a block, with the value the block's reading gives", () => {
    const html = draw(source, {
      $weather: { city: "Oslo", celsius: 4, sky: "rain", windKmh: 22 },
    } as never);
    expect(html.match(/data-renderer="compact-stat"/g)).toHaveLength(2);
    expect(html).toMatch(/<span>Temperature<\/span><span[^>]*>4 °C<\/span>/);
  });

  it("adds no component: a tag outside the catalog stays unknown_component, whatever the registry holds", () => {
    const html = draw(
      '<Gauge value={3}>Load</Gauge>\n<Stats><Stat label="Load" value={3}/></Stats>',
    );
    expect(html).toContain('data-error="unknown_component"');
    expect(html.match(/data-renderer="compact-stat"/g)).toHaveLength(1);
  });
});
