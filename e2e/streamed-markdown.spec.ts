import { expect, test } from "@playwright/test";
import { replyFinished, startChatFromHome } from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

// The app adds each Markdown block it draws to this list when a page starts with one
// (components/chat/markdown-probe.ts); `first` keeps the reply's first elements to compare.
type Drawn = { index: number; source: string };
type Probe = { __markdownBlocksDrawn?: Drawn[]; first?: Element[] };

test("a streamed delta parses and draws only the reply's last Markdown block", async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    (window as Probe).__markdownBlocksDrawn = [];
  });
  await startChatFromHome(page, SLOW_STORY);
  const reply = page.getByRole("article", { name: "Agent" });
  const heading = reply.getByRole("heading", { name: "The lighthouse keeper's ledger" });
  const opening = reply.getByText(/^Every evening the keeper wrote/);
  await expect(opening).toBeVisible();
  await expect(reply.getByText("until the pattern shows itself.")).toHaveCount(0);
  await heading.evaluate((element) => ((window as Probe).first = [element]));
  await opening.evaluate((element) => (window as Probe).first!.push(element));
  await expect(reply.getByText(/until the pattern shows itself\.$/)).toBeVisible({
    timeout: 45_000,
  });
  await replyFinished(page);

  // The heading and the first paragraph, kept while the story was still arriving, are the very
  // elements drawn at its end.
  expect(await heading.evaluate((element) => (window as Probe).first![0] === element)).toBe(true);
  expect(await opening.evaluate((element) => (window as Probe).first![1] === element)).toBe(true);

  const drawn = (await page.evaluate(() => (window as Probe).__markdownBlocksDrawn!)).filter(
    ({ source }) => source !== SLOW_STORY,
  );
  const order = drawn.map(({ index }) => index);
  // Heading, paragraph, list, paragraph, paragraph; the reply arrived in many pieces.
  expect(Math.max(...order)).toBe(4);
  expect(drawn.filter(({ index }) => index === 4).length).toBeGreaterThan(3);
  // Once a later block has begun, an earlier one is never parsed or drawn again.
  for (let index = 0; index < 4; index += 1) {
    const next = order.indexOf(index + 1);
    expect(
      order.lastIndexOf(index),
      `block ${index} drawn after block ${index + 1} began: ${order.join(",")}`,
    ).toBeLessThan(next);
  }
});
