// What one streamed delta costs the Markdown renderer, in Node without a DOM: parsing and drawing
// the whole reply again (react-markdown over the text, as before decision 026) against cutting
// only the tail and drawing the last block (`splitBlocks`, then the tail closed by remend). Each
// delta is timed both ways in turn, on the same machine state, at 16k and 32k characters.
// Run: NODE_ENV=production npx tsx tools/bench/markdown-delta.tsx
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { splitBlocks } from "@/components/chat/markdown-blocks";
import { chunkText } from "@/lib/agent/pacing";
import { MARKDOWN_SAMPLE } from "@/scripts/test/markdown-sample";

const UNIT = `${MARKDOWN_SAMPLE}\n\n`;
const REPLY = UNIT.repeat(Math.ceil(40_000 / UNIT.length));
const PLUGINS = [remarkGfm];
const draw = (text: string) =>
  renderToStaticMarkup(<ReactMarkdown remarkPlugins={PLUGINS}>{text}</ReactMarkdown>);

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Mean milliseconds a delta, both ways, for `samples` deltas after the first `size` characters. */
function measure(close: (text: string) => string, size: number, samples: number) {
  let text = REPLY.slice(0, size);
  let blocks = splitBlocks(text);
  let whole = 0;
  let tail = 0;
  const deltas = chunkText(REPLY.slice(size), 6).slice(0, samples);
  for (const delta of deltas) {
    text += delta;
    whole += time(() => draw(text));
    tail += time(() => {
      blocks = splitBlocks(text, blocks);
      draw(close(blocks.tail));
    });
  }
  return {
    characters: size,
    wholeMs: +(whole / deltas.length).toFixed(2),
    tailMs: +(tail / deltas.length).toFixed(3),
  };
}

// remend is an ES module only; tsx runs this file as CommonJS.
void import("remend").then(({ default: close }) => {
  measure(close, 4_000, 20);
  console.table([measure(close, 16_000, 30), measure(close, 32_000, 30)]);
});
