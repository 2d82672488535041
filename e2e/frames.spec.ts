import { expect, test } from "@playwright/test";
import { startChatFromHome } from "./support";

test.describe("ChoiceList frames", () => {
  test("a pick sends the choice as the next message and the list stays closed after reload", async ({ page }) => {
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

    for (const view of [page, await page.context().newPage()]) {
      if (view !== page) await view.goto(page.url());
      else await view.reload();
      const closed = view.getByRole("group", { name: "Where should we go?" });
      await expect(closed.getByRole("button", { name: /Documentation/ })).toBeDisabled();
      await expect(closed.getByRole("button", { name: /Documentation/ })).toHaveAttribute("aria-pressed", "true");
      await expect(closed.getByRole("button", { name: /Demo/ })).toBeDisabled();
      await expect(closed.getByText(/Answered “Documentation” · .+/)).toBeVisible();
    }
  });

  test("an approved action runs and shows its result", async ({ page }) => {
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /Confirm: run send-email/ });
    await expect(card.getByText("ada@example.com")).toBeVisible();
    await expect(card.getByText(/Time left: [45]:\d\d/)).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(card.getByText("Approved and run.")).toBeVisible();
    await expect(card.getByText(/"delivered": true/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: /Confirm: run send-email/ }).getByText("Approved and run.")).toBeVisible();
  });

  test("a rejected action runs nothing", async ({ page }) => {
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /Confirm: run send-email/ });
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(card.getByText("Rejected. Nothing was run.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
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

  test("invalid and unregistered frames draw as a diagnostic and a fallback, neighbours intact", async ({ page }) => {
    await startChatFromHome(page, "Show a broken component");
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(reply.getByRole("note")).toContainText("COMPONENT_INVALID_PROPS");
    await expect(reply.getByText("[unsupported visual: weather-card] Lisbon: sunny, 24 °C.")).toBeVisible();
    await expect(reply.getByText("The text around them still reads normally.")).toBeVisible();
    await expect(reply.getByRole("group")).toHaveCount(0);
  });
});
