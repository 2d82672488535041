import { expect, test, type Locator, type Page } from "@playwright/test";
import { startChatFromHome } from "./support";

const CHECKLIST = "Walk me through a release checklist";

const blocks = (within: Page | Locator) =>
  within.getByRole("region", { name: "Interactive block" });
const answered = (label: string) => new RegExp(`Answered: ${label} · .+`);

/** The release checklist, set the way a person would: two checks, production, full rollout, notify. */
async function fillChecklist(page: Page) {
  const block = blocks(page).first();
  await block.getByRole("checkbox", { name: "Docs updated" }).check();
  // The radio itself is visually hidden inside its label, which is what a person clicks.
  await block.locator("label", { hasText: "Production" }).click();
  await expect(block.getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(block.getByText("Rolling out to 25% of users.")).toBeVisible();
  await block.getByRole("button", { name: "Full rollout" }).click();
  await expect(block.getByText("Rolling out to 100% of users.")).toBeVisible();
  await block.getByRole("switch", { name: "Notify the team" }).click();
  return block;
}

test.describe("intelligent-ui blocks", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the release checklist streams in, is answered once, and stays closed after reload and in a second tab", async ({
    page,
    context,
  }) => {
    // Written slowly, so the reply streams for seconds.
    test.setTimeout(120_000);
    await startChatFromHome(page, `${CHECKLIST}, slowly`);
    const reply = page.getByRole("article", { name: "Agent" }).first();
    // Nodes draw as they arrive: a preview of the block, inside the reply while it still streams.
    const streaming = reply.and(page.locator('[data-status="streaming"]'));
    await expect(
      blocks(streaming).first().getByText("Release checklist for staging"),
    ).toBeVisible();
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 40_000 });

    const block = await fillChecklist(page);
    await block.getByRole("button", { name: "Release to production" }).click();
    await expect(block.getByText(answered("Release to production"))).toBeVisible();
    await expect(block.getByRole("button", { name: /Release to production/ })).toHaveText(
      /Chosen$/,
    );
    await expect(page.getByRole("article", { name: "You" }).nth(1)).toContainText(
      "Ship production at 100%, with tests, docs checked. Tell the team.",
    );
    await expect(page.getByText("Here is the rollout plan for")).toBeVisible();

    const second = await context.newPage();
    await second.goto(page.url());
    await page.reload();
    for (const view of [page, second]) {
      const closed = blocks(view).first();
      await expect(closed.getByText(answered("Release to production"))).toBeVisible();
      await expect(closed.getByRole("radio", { name: "Production" })).toBeChecked();
      await expect(closed.getByRole("radio", { name: "Production" })).toBeDisabled();
      await expect(closed.getByRole("checkbox", { name: "Docs updated" })).toBeChecked();
      await expect(closed.getByRole("switch", { name: "Notify the team" })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expect(closed.getByRole("button", { name: /Release to production/ })).toBeDisabled();
      await expect(closed.getByRole("button", { name: "Hold" })).toBeDisabled();
    }
  });

  test("a streaming block's preview is compiled in the page from its fence: controls draw as it streams, and no compiled block is streamed", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await startChatFromHome(page, `${CHECKLIST}, slowly`);
    const chatId = new URL(page.url()).pathname.split("/").at(-1)!;
    // The chat's own event stream, read from its start until the reply completes.
    const streamed = page.evaluate(async (path) => {
      const response = await fetch(path);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      // Up to the end of the message that completes the reply.
      const ended = () =>
        text.includes('"type":"item.completed"') &&
        text.indexOf("\n\n", text.indexOf('"type":"item.completed"')) !== -1;
      while (!ended()) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      await reader.cancel();
      return text.slice(0, text.indexOf("\n\n", text.indexOf('"type":"item.completed"')));
    }, `/api/chats/${chatId}/events?after=0`);
    const reply = page.getByRole("article", { name: "Agent" }).first();
    const streaming = reply.and(page.locator('[data-status="streaming"]'));
    const preview = blocks(streaming).first();
    await expect(preview.getByRole("checkbox", { name: "Docs updated" })).toBeVisible();
    // A preview is never authoritative: its controls stay closed until the reply ends.
    await expect(preview.getByRole("button", { name: "Full rollout" })).toBeDisabled();
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 40_000 });
    await expect(blocks(reply).first().getByRole("button", { name: "Full rollout" })).toBeEnabled();

    const events = (await streamed)
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map(
        (line) =>
          JSON.parse(line.slice("data: ".length)) as {
            type: string;
            text?: string;
            part?: { fence?: string };
          },
      );
    const completion = events.findIndex((event) => event.type === "item.completed");
    expect(completion).toBeGreaterThan(0);
    const beforeCompletion = events.slice(0, completion);
    expect(beforeCompletion.map((event) => event.type)).toContain("item.fence");
    // The fence's text as it travelled: its start on the block part, then each `item.fence` (a
    // word may be cut between two of them).
    const fence = beforeCompletion
      .map((event) =>
        event.type === "item.part"
          ? (event.part?.fence ?? "")
          : event.type === "item.fence"
            ? (event.text ?? "")
            : "",
      )
      .join("");
    expect(fence).toContain('<Item value="docs">Docs updated</Item>');
    // Compiled blocks carry `catalogVersion`; before the completion, none travelled.
    expect(JSON.stringify(beforeCompletion)).not.toContain("catalogVersion");
    expect(beforeCompletion.map((event) => event.type)).not.toContain("item.blocks");
  });

  test("a page that was open when another tab answered draws the answer too", async ({
    page,
    context,
  }) => {
    await startChatFromHome(page, CHECKLIST);
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const watcher = await context.newPage();
    await watcher.goto(page.url());
    await expect(blocks(watcher).first().getByRole("button", { name: "Hold" })).toBeEnabled();
    await blocks(page).first().getByRole("button", { name: "Hold" }).click();
    await expect(blocks(watcher).first().getByText(answered("Hold"))).toBeVisible();
    await expect(blocks(watcher).first().getByRole("button", { name: "Hold" })).toBeDisabled();
  });

  test("a block can be answered with the keyboard alone", async ({ page }) => {
    await startChatFromHome(page, "Mix prose, a block and a list");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = blocks(page).first();
    await block.getByRole("radio", { name: "Medium" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(block.getByRole("radio", { name: "Small" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(block.getByRole("button", { name: "Pick this size" })).toBeFocused();
    await page.keyboard.press("Enter");
    // The pick's message says the size the person saw, and the agent's answer names it.
    await expect(page.getByRole("article", { name: "You" }).nth(1)).toContainText(
      "I'll take size Small.",
    );
    await expect(page.getByText("Noted: size Small.", { exact: false })).toBeVisible();
    // The list beside it is answered separately, once.
    await page
      .getByRole("group", { name: "And a colour?" })
      .getByRole("button", { name: "Blue" })
      .click();
    await expect(page.getByText(/Answered “Blue”/)).toBeVisible();
  });

  test("a page holding an old revision is told the block changed when it picks", async ({
    page,
    context,
  }) => {
    await startChatFromHome(page, CHECKLIST);
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const stale = await context.newPage();
    // This tab never hears about the chat after it loads, so it keeps drawing revision 1.
    await stale.route("**/events**", (route) => route.abort());
    await stale.goto(page.url());
    await expect(blocks(stale).first().getByRole("button", { name: "Hold" })).toBeEnabled();
    await page.getByRole("button", { name: "Regenerate" }).click();
    const reply = page.getByRole("article", { name: "Agent" }).first();
    await expect(reply).toHaveAttribute("data-status", "streaming");
    await expect(reply).toHaveAttribute("data-status", "complete");
    await expect(stale.locator('[data-revision="1"]')).toBeVisible();
    await blocks(stale).first().getByRole("button", { name: "Hold" }).click();
    // The tab still hears nothing from the stream: it reads the chat itself and draws the new revision.
    const current = stale.locator('[data-revision="2"]');
    await expect(current.getByRole("alert")).toContainText(
      "This reply was written again, in another tab or by another viewer, so your pick was not sent. The new version is shown now",
    );
    await expect(stale.locator('[data-revision="1"]')).toHaveCount(0);
    // The new revision is the one answered from that tab.
    await blocks(current).getByRole("button", { name: "Hold" }).click();
    await expect(blocks(current).getByText("Sent “Hold”.")).toBeVisible();
    await expect(blocks(page).first().getByText(answered("Hold"))).toBeVisible();
  });

  test("a malformed block draws its diagnostics and fallback, and its neighbours still draw", async ({
    page,
  }) => {
    await startChatFromHome(page, "Draw a block with mistakes in it");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    await expect(blocks(page)).toHaveCount(3);
    await expect(blocks(page).nth(0).getByText("Healthy before")).toBeVisible();
    const damaged = blocks(page).nth(1);
    await expect(damaged.getByText("Damaged block")).toBeVisible();
    // The unknown component draws as its source, muted, with a sentence that says why.
    await expect(damaged.getByText("<Gauge value={$count}/>")).toBeVisible();
    await expect(
      damaged.getByText("This block uses a component this app does not know.").first(),
    ).toBeVisible();
    // The list under it says what to do next; the codes are for whoever builds the agent, behind Details.
    await expect(
      damaged.getByRole("listitem").filter({
        hasText:
          /^This block uses a component this app does not know\. Ask the agent to write this block again\.$/,
      }),
    ).toBeVisible();
    await expect(damaged.getByText("unknown_component", { exact: true })).toBeHidden();
    await damaged.getByText("Details").click();
    await expect(damaged.getByText("unknown_component", { exact: true })).toBeVisible();
    await expect(damaged.getByRole("button", { name: "Still answerable" })).toBeEnabled();
    await expect(blocks(page).nth(2).getByRole("button", { name: "Looks fine" })).toBeEnabled();
  });

  test("a subagent's block is drawn to be read, not answered", async ({ page }) => {
    await startChatFromHome(page, "Ask a subagent to check the build");
    const subagent = page.getByRole("article", { name: "Subagent" });
    await expect(subagent.getByText("Checks subagent report")).toBeVisible();
    await expect(subagent.getByRole("button", { name: "Rerun failing jobs" })).toBeDisabled();
    await expect(
      subagent.getByText("A subagent wrote this block: it is here to read, not to answer."),
    ).toBeVisible();
  });
});
