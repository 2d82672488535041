// @vitest-environment happy-dom
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mountedRoot } from "@/scripts/test/react-root";
import { DrawnText } from "./drawn-context";
import { Markdown } from "./markdown";
import LiveMarkdown from "./markdown-live";
import { MarkdownText } from "./markdown-text";

// Every Markdown text react-markdown parses and draws, in order: the blocks a render parsed again.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock("react-markdown", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-markdown")>();
  return {
    ...actual,
    default: (options: Parameters<typeof actual.default>[0]) => {
      parsed.push(String(options.children));
      return actual.default(options);
    },
  };
});

const { render, container } = mountedRoot();

/** The parser as the browser runs it, for text the page did not get drawn. */
function Parsed({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return <LiveMarkdown text={text} streaming={streaming} />;
}

describe("LiveMarkdown", () => {
  it("draws GFM, links that leave safely, images as links, raw HTML as text, and code with a Copy button", () => {
    const text = [
      "| a | b |\n| - | - |\n| 1 | 2 |",
      "- [x] done\n- [ ] open",
      "~~gone~~ and [a link](https://example.com) and ![a cat](https://example.com/cat.png)",
      '<b onclick="x()">raw</b>',
      "```\nline one\n```",
    ].join("\n\n");
    act(() => render(<Parsed text={text} />));
    const root = container();
    expect(root.querySelectorAll("table td")).toHaveLength(2);
    expect(
      [...root.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].map(
        (box) => box.checked,
      ),
    ).toEqual([true, false]);
    expect(root.querySelector("del")?.textContent).toBe("gone");
    const links = [...root.querySelectorAll("a")];
    expect(
      links.map((link) => [link.textContent, link.getAttribute("href"), link.target, link.rel]),
    ).toEqual([
      ["a link", "https://example.com", "_blank", "noopener noreferrer nofollow"],
      ["a cat", "https://example.com/cat.png", "_blank", "noopener noreferrer nofollow"],
    ]);
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("b")).toBeNull();
    expect(root.textContent).toContain('<b onclick="x()">raw</b>');
    expect(root.querySelector("pre")?.textContent).toBe("line one\n");
    expect(
      root.querySelector("button")?.getAttribute("aria-label") ??
        root.querySelector("button")?.textContent,
    ).toMatch(/Copy code/);
  });

  it("closes unfinished emphasis, code and links while streaming, and draws the finished text as written", async () => {
    act(() => render(<Parsed text="Some **bold" streaming />));
    // What closes them loads once a reply streams; until then the text is drawn as it stands.
    expect(container().textContent).toBe("Some **bold");
    await act(() => vi.dynamicImportSettled());
    expect(container().querySelector("strong")?.textContent).toBe("bold");
    act(() => render(<Parsed text="Use `code" streaming />));
    expect(container().querySelector("code")?.textContent).toBe("code");
    // A link whose address has not all arrived reads as its text, and leads nowhere yet.
    act(() => render(<Parsed text="See [a link](https://exa" streaming />));
    expect(container().querySelector("a")).toBeNull();
    expect(container().textContent).toBe("See a link");
    act(() => render(<Parsed text="Some **bold" />));
    expect(container().querySelector("strong")).toBeNull();
    expect(container().textContent).toBe("Some **bold");
  });

  describe("a growing reply", () => {
    beforeEach(() => {
      parsed.length = 0;
    });

    it("draws text first seen finished in one piece, parsed once, and keeps cutting a reply it saw stream", () => {
      const reply = "# Title\n\nFirst paragraph.\n\nSecond paragraph.";
      act(() => render(<Parsed text={reply} />));
      expect(parsed).toEqual([reply]);
      act(() => render(<Parsed key="streamed" text={reply} streaming />));
      act(() => render(<Parsed key="streamed" text={reply} />));
      expect(parsed.slice(1)).toEqual(["# Title\n\n", "First paragraph.\n\n", "Second paragraph."]);
    });

    it("draws again only its last block as text arrives, keeping the earlier blocks' elements", () => {
      const reply = "# Title\n\nFirst paragraph.\n\nSecond paragraph, still";
      act(() => render(<Parsed text={reply} streaming />));
      const heading = container().querySelector("h1");
      const tail = container().querySelectorAll("p")[1];
      expect(parsed).toEqual(["# Title\n\n", "First paragraph.\n\n", "Second paragraph, still"]);
      parsed.length = 0;
      act(() => render(<Parsed text={`${reply} growing.`} streaming />));
      act(() => render(<Parsed text={`${reply} growing.\n\nA third.`} streaming />));
      expect(parsed).toEqual([
        "Second paragraph, still growing.",
        "Second paragraph, still growing.\n\n",
        "A third.",
      ]);
      expect(container().querySelector("h1")).toBe(heading);
      expect(container().querySelectorAll("p")[1]).toBe(tail);
      expect([...container().querySelectorAll("p")].map((p) => p.textContent)).toEqual([
        "First paragraph.",
        "Second paragraph, still growing.",
        "A third.",
      ]);
    });
  });
});

const none = { text: [], inline: [], inlineLabel: [] };

describe("Markdown", () => {
  beforeEach(() => {
    parsed.length = 0;
  });

  it("draws a finished message the server drew as it was drawn, loading no parser", () => {
    const text = "A **drawn** reply";
    act(() =>
      render(
        <DrawnText drawn={{ ...none, text: [[text, <MarkdownText key={text} source={text} />]] }}>
          <Markdown text={text} />
        </DrawnText>,
      ),
    );
    // The drawn elements were made here by MarkdownText (the server's part); Markdown parsed nothing.
    expect(parsed).toEqual([text]);
    expect(container().querySelector("strong")?.textContent).toBe("drawn");
  });

  it("draws text it was not given drawn as written, then parsed once the parser has loaded", async () => {
    act(() => render(<Markdown text="Not **drawn** yet" />));
    expect(container().querySelector("strong")).toBeNull();
    expect(container().textContent).toBe("Not **drawn** yet");
    await act(() => vi.dynamicImportSettled());
    expect(container().querySelector("strong")?.textContent).toBe("drawn");
  });

  it("draws a streaming message with the parser even when the same text was drawn", async () => {
    const text = "Still **going**";
    act(() =>
      render(
        <DrawnText drawn={{ ...none, text: [[text, <span key={text}>drawn</span>]] }}>
          <Markdown text={text} streaming />
        </DrawnText>,
      ),
    );
    await act(() => vi.dynamicImportSettled());
    expect(container().textContent).toBe("Still going");
  });
});
