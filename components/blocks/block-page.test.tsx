// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compileUiBlock, type UiBlock } from "@/lib/intelligent-ui";
import { mountedRoot } from "@/scripts/test/react-root";
import { UiBlockView, type UiBlockViewProps } from "./ui-block-view";

// What a person meets on the page: names, labels and states of a block's parts, drawn in a DOM.
vi.mock("@/components/ui/use-hydrated", () => ({ useHydrated: () => true }));

const LIMITS = { milliseconds: 10_000 };
const { render, container } = mountedRoot();

function compile(source: string, final = true): UiBlock {
  return compileUiBlock(source, { id: "b", final, limits: LIMITS });
}

function draw(block: UiBlock, props: Partial<UiBlockViewProps> = {}): HTMLElement {
  act(() =>
    render(
      <UiBlockView
        block={block}
        answer={null}
        closedReason={null}
        onChoose={async () => ({ ok: true })}
        renderTime={(iso) => iso}
        {...props}
      />,
    ),
  );
  return container().querySelector("section")!;
}

/** An element's accessible name from aria-labelledby or aria-label, as the page gives it. */
function nameOf(element: Element): string | null {
  const by = element.getAttribute("aria-labelledby");
  return by
    ? by
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
    : element.getAttribute("aria-label");
}

describe("a Progress", () => {
  it("draws its text as its label and is named by it", () => {
    const section = draw(compile(`<Progress value={1} max={3}>Stage 1 of 3</Progress>`));
    const bar = section.querySelector('[role="progressbar"]')!;
    expect(nameOf(bar)).toBe("Stage 1 of 3");
    expect(section.textContent).toContain("Stage 1 of 3");
    expect(section.textContent).toContain("33%");
  });

  it("without text is named Progress", () => {
    expect(
      nameOf(draw(compile(`<Progress value={1}/>`)).querySelector('[role="progressbar"]')!),
    ).toBe("Progress");
  });
});

describe("a block's name", () => {
  it("is its Summary, else its first titled panel, else the name the host numbered", () => {
    expect(
      draw(
        compile(
          `<Summary tone="warning">CI on main</Summary><Callout tone="info" title="Note">x</Callout>`,
        ),
      ).getAttribute("aria-label"),
    ).toBe("CI on main, interactive block");
    expect(
      draw(compile(`<Callout tone="info" title="Heads up">x</Callout>`)).getAttribute("aria-label"),
    ).toBe("Heads up, interactive block");
    expect(
      draw(compile(`<Stats><Stat label="Deploys" value={12}/></Stats>`), {
        untitledName: "Interactive block 2, message 4",
      }).getAttribute("aria-label"),
    ).toBe("Interactive block 2, message 4");
  });
});

describe("a table's tag column", () => {
  it("gives passed, failed and running each a tone and a mark of its own, beside the text", () => {
    const rows = `[{job: "lint", status: "passed"}, {job: "unit", status: "failed"}, {job: "e2e", status: "running"}, {job: "docs", status: "other"}]`;
    const section = draw(
      compile(`<Table rows={${rows}}><Column key="job"/><Column key="status" as="tag"/></Table>`),
    );
    const chips = [...section.querySelectorAll("tbody tr td:last-child > span")];
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "✓passed",
      "✕failed",
      "●running",
      "other",
    ]);
    const tones = chips.map((chip) => chip.className);
    expect(new Set(tones).size).toBe(4);
    expect(tones[0]).toMatch(/emerald/);
    expect(tones[1]).toMatch(/red/);
    // The mark is for the eye; the text alone is read out.
    expect(chips[0]!.querySelector('[aria-hidden="true"]')!.textContent).toBe("✓");
  });
});

describe("a component that cannot draw", () => {
  it("shows no fallback of punctuation alone, only why it could not draw", () => {
    const section = draw(compile(`<Summary>Damaged block</Summary>\n<Stat label= >`));
    const broken = section.querySelector('[data-error="invalid_parent"]')!;
    expect(broken.textContent).toBe("A component is placed outside the component it belongs in.");
  });
});

describe("controls while the reply streams", () => {
  const CHECKLIST = `$done = []\n<Checklist value={$done}><Item value="a">Tests</Item><Item value="b">Notes</Item></Checklist>`;
  const boxes = (section: HTMLElement) => [
    ...section.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
  ];

  it("are inert in a preview, even with their tags closed, and in a block whose fence is still open", () => {
    expect(boxes(draw(compile(CHECKLIST), { streaming: true })).map((box) => box.disabled)).toEqual(
      [true, true],
    );
    const open = compile(`${CHECKLIST}\n<Summary>Still wri`, false);
    expect(open.complete).toBe(false);
    expect(boxes(draw(open)).map((box) => box.disabled)).toEqual([true, true]);
  });

  it("work once the block is final", () => {
    const section = draw(compile(CHECKLIST));
    expect(boxes(section).map((box) => box.disabled)).toEqual([false, false]);
    act(() => boxes(section)[0]!.click());
    expect(boxes(section)[0]!.checked).toBe(true);
  });
});

describe("an answered block on a busy device", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("draws the values it was answered with, however long each clock read takes", () => {
    const block = compile(
      `$size = "s"\n<Summary>Size {$size}</Summary>\n<Segmented value={$size}><Option value="s">Small</Option><Option value="m">Medium</Option></Segmented>\n<Choices><Choice>Pick</Choice></Choices>`,
    );
    const choiceId = block.nodes.find((node) => node.type === "Choices")!.children[0]!.id;
    // Every clock read finds another 100 ms gone: no wall-clock budget holds.
    let time = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => (time += 100));
    const section = draw(block, {
      answer: {
        choiceId,
        label: "Pick",
        values: { $size: "m" },
        at: "2026-01-01T00:00:00Z",
        queued: false,
      },
    });
    expect(section.textContent).toContain("Size m");
    expect(section.querySelector<HTMLInputElement>('input[value="m"]')!.checked).toBe(true);
  });
});
