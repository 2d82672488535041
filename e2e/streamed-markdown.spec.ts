import { expect, test } from "@playwright/test";
import { replyFinished, startChatFromHome } from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

// The page keeps, for each change React makes to the reply's Markdown, the block it touched: this
// story's blocks draw one top-level element each (heading, paragraph, list, paragraph, paragraph).
// `first` keeps the reply's first elements to compare. That an unchanged block is not parsed
// again is counted in components/chat/markdown.test.tsx, through a mock of react-markdown.
type Watch = { touched?: number[]; first?: Element[] };

test("a streamed delta draws only the reply's last Markdown block", async ({ page }) => {
  test.setTimeout(90_000);
  // The page loads the Markdown parser with the first reply that streams, and shows that reply as
  // written until it arrives (decision 028): a first short reply loads it, so that each of the
  // story's deltas is drawn by the parser as it arrives.
  await startChatFromHome(page, "Hello");
  await replyFinished(page);
  await page.getByRole("textbox", { name: "Message" }).fill(SLOW_STORY);
  await page.getByRole("button", { name: "Send" }).click();
  const reply = page.getByRole("article", { name: "Agent" }).last();
  const heading = reply.getByRole("heading", { name: "The lighthouse keeper's ledger" });
  const opening = reply.getByText(/^Every evening the keeper wrote/);
  await expect(heading).toBeVisible();
  await heading.locator("..").evaluate((container) => {
    const touched: number[] = ((window as Watch).touched = []);
    // How many elements stand before a node of the container: the block it is, or belongs to.
    const position = (node: Node) => {
      let index = 0;
      for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling)
        if (sibling.nodeType === Node.ELEMENT_NODE) index += 1;
      return index;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== container) {
          let top: Node = record.target;
          while (top.parentNode && top.parentNode !== container) top = top.parentNode;
          // A node removed since is counted by the record of its removal from the container.
          if (top.parentNode === container) touched.push(position(top));
          continue;
        }
        for (const node of record.addedNodes)
          if (node.parentNode === container) touched.push(position(node));
        if (record.removedNodes.length === 0) continue;
        const before = record.previousSibling;
        if (!before) touched.push(0);
        else if (before.parentNode === container)
          touched.push(position(before) + (before.nodeType === Node.ELEMENT_NODE ? 1 : 0));
      }
    }).observe(container, { childList: true, characterData: true, subtree: true });
  });
  await expect(opening).toBeVisible();
  await expect(reply.getByText("until the pattern shows itself.")).toHaveCount(0);
  await heading.evaluate((element) => ((window as Watch).first = [element]));
  await opening.evaluate((element) => (window as Watch).first!.push(element));
  await expect(reply.getByText(/until the pattern shows itself\.$/)).toBeVisible({
    timeout: 45_000,
  });
  await replyFinished(page);

  // The heading and the first paragraph, kept while the story was still arriving, are the very
  // elements drawn at its end.
  expect(await heading.evaluate((element) => (window as Watch).first![0] === element)).toBe(true);
  expect(await opening.evaluate((element) => (window as Watch).first![1] === element)).toBe(true);

  const order = await page.evaluate(() => (window as Watch).touched!);
  // Heading, paragraph, list, paragraph, paragraph; the reply arrived in many pieces.
  expect(Math.max(...order)).toBe(4);
  expect(order.filter((index) => index === 4).length).toBeGreaterThan(3);
  // Once a later block has begun, an earlier one is never drawn again.
  for (let index = 0; index < 4; index += 1) {
    const next = order.indexOf(index + 1);
    expect(next, `block ${index + 1} never drawn: ${order.join(",")}`).toBeGreaterThan(-1);
    expect(
      order.lastIndexOf(index),
      `block ${index} drawn after block ${index + 1} began: ${order.join(",")}`,
    ).toBeLessThan(next);
  }
});
