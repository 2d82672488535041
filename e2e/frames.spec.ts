import { expect, test, type Locator } from "@playwright/test";
import { startChatFromHome } from "./support";

test.describe("ChoiceList frames", () => {
  test("a pick sends the choice as the next message and the list stays closed after reload", async ({
    page,
  }) => {
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    const docs = list.getByRole("button", { name: /Documentation/ });
    await expect(docs).toBeEnabled();
    await expect(docs).toHaveAccessibleDescription("Read the component guide.");
    await docs.focus();
    await page.keyboard.press("Enter");

    const you = page.getByRole("article", { name: "You" });
    await expect(you.nth(1)).toContainText("Documentation");
    await expect(page.getByText("Noted: Documentation.", { exact: false })).toBeVisible();
    await expect(list.getByText(/Answered “Documentation”/)).toBeVisible();
    // The picked button closes; focus lands on what happened, not on the page.
    await expect(list.getByText(/Answered “Documentation”/)).toBeFocused();

    for (const view of [page, await page.context().newPage()]) {
      if (view !== page) await view.goto(page.url());
      else await view.reload();
      const closed = view.getByRole("group", { name: "Where should we go?" });
      await expect(closed.getByRole("button", { name: /Documentation/ })).toBeDisabled();
      await expect(closed.getByRole("button", { name: /Documentation/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(closed.getByRole("button", { name: /Demo/ })).toBeDisabled();
      await expect(closed.getByText(/Answered “Documentation” · .+/)).toBeVisible();
    }
  });

  test("an answered list dims the options not picked, and the chosen one keeps its highlight under hover", async ({
    page,
  }) => {
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    const docs = list.getByRole("button", { name: /Documentation/ });
    const demo = list.getByRole("button", { name: /Demo/ });
    await expect(demo).toBeEnabled();
    const look = (option: Locator) =>
      option.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          background: style.backgroundColor,
          color: style.color,
          border: style.borderTopColor,
        };
      });
    const open = await look(demo);
    await docs.click();
    await expect(list.getByText(/Answered “Documentation”/)).toBeVisible();
    // Read away from the pointer first, then under it.
    await page.mouse.move(0, 0);
    const chosen = await look(docs);
    const passedOver = await look(demo);
    expect(chosen.background).not.toBe(open.background);
    expect(chosen.border).not.toBe(open.border);
    expect(passedOver.color).not.toBe(open.color);
    expect(passedOver.background).not.toBe(chosen.background);
    // Hovering an answered option changes nothing: the highlight says which was chosen, always.
    await docs.hover();
    expect(await look(docs)).toEqual(chosen);
    await demo.hover();
    expect(await look(demo)).toEqual(passedOver);
  });

  test("an approved action runs, says what happened in words, and the agent replies", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await expect(
      card.getByRole("heading", { name: "Send an email to ada@example.com?" }),
    ).toBeVisible();
    // The input reads as labelled fields in the tool's order, never raw keys.
    await expect(card.getByRole("definition")).toHaveText([
      "ada@example.com",
      "Release notes",
      "Version 1.4 is out.",
    ]);
    await expect(card.getByText(/Time left: [45]:\d\d/)).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(card.getByText("Message id")).toBeVisible();
    await expect(card.getByText(/"delivered"/)).toHaveCount(0);
    await expect(
      page
        .getByRole("article", { name: "Decision" })
        .getByText("You approved “Send to Ada”", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/Done: the email went to ada@example\.com/)).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: /ada@example\.com/ })
        .getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
  });

  test("a rejected action runs nothing, the agent says so, and the list can be answered again", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    const list = page.getByRole("group", { name: "Send the release notes?" });
    await list.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(
      card.getByRole("heading", { name: "Email to ada@example.com not sent: you rejected it" }),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByText("Understood: nothing was sent.", { exact: false })).toBeVisible();
    await expect(list.getByText(/“Send to Ada” was rejected · .+ Pick again/)).toBeVisible();
    await list.getByRole("button", { name: "Hold for now" }).click();
    await expect(list.getByText(/Answered “Hold for now”/)).toBeVisible();
    await expect(page.getByRole("article", { name: "You" }).last()).toContainText("Hold for now");
    await expect(list.getByRole("button", { name: /Send to Ada/ })).toBeDisabled();
  });

  test("a list still streaming in holds its place with a skeleton", async ({ page }) => {
    // "slowly" writes the list's frame four times slower, so its JSON takes a while to arrive.
    await startChatFromHome(page, "Where should we go next, slowly?");
    const reply = page.getByRole("article", { name: "Agent" });
    const skeleton = reply.getByRole("status", { name: "A list is arriving" });
    await expect(skeleton).toBeVisible();
    await expect(reply.getByRole("group", { name: "Where should we go?" })).toHaveCount(0);
    await expect(reply.getByRole("group", { name: "Where should we go?" })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test("a deterministic route's list submits its exact alias", async ({ page }) => {
    await startChatFromHome(page, "/release");
    const list = page.getByRole("group", { name: "Release which environment?" });
    await list.getByRole("button", { name: /Staging/ }).click();
    const sent = page.getByRole("article", { name: "You" }).nth(1);
    await expect(sent.getByText("/release staging", { exact: true })).toBeVisible();
    await expect(sent).toContainText("Picked “Staging”");
    await expect(page.getByText("scheduled by the host route")).toBeVisible();
  });

  test("invalid and unregistered frames read as sentences, and the valid neighbour still draws", async ({
    page,
  }) => {
    await startChatFromHome(page, "Show a broken component");
    const reply = page.getByRole("article", { name: "Agent" });
    const note = reply.getByRole("note");
    await expect(note).toContainText("The agent sent a list this app could not show");
    await expect(note).toContainText("Ask the agent to send it again.");
    // The code is there for whoever builds the agent, behind Details.
    await expect(note.getByText("COMPONENT_INVALID_PROPS")).toBeHidden();
    await expect(
      reply.getByText("This app can’t show the agent’s weather-card here; its summary instead:"),
    ).toBeVisible();
    await expect(reply.getByText("Lisbon: sunny, 24 °C.", { exact: true })).toBeVisible();
    await expect(reply.getByText(/unsupported visual/)).toHaveCount(0);
    await expect(reply.getByText("The text around them still reads normally.")).toBeVisible();
    await expect(
      reply
        .getByRole("group", { name: "Did the valid list draw?" })
        .getByRole("button", { name: "Yes, it drew" }),
    ).toBeEnabled();
  });

  test("options whose action the app refuses say why, each in its own words, and cannot be picked", async ({
    page,
  }) => {
    await startChatFromHome(page, "Propose actions the app must refuse");
    const list = page.getByRole("group", { name: "Which action?" });
    const wipe = list.getByRole("button", { name: /Delete every file/ });
    const nobody = list.getByRole("button", { name: /Email nobody/ });
    await expect(wipe).toBeDisabled();
    await expect(wipe).toHaveAccessibleDescription(
      /this app has no “delete-everything” action\. Choose another option/,
    );
    await expect(nobody).toBeDisabled();
    await expect(nobody).toHaveAccessibleDescription(
      /the agent filled in this email incorrectly \(To is not valid\)\. Choose another option, or ask the agent to write it again\./,
    );
    await list.getByRole("button", { name: "Just reply" }).click();
    await expect(list.getByText(/Answered “Just reply”/)).toBeVisible();
  });
});
