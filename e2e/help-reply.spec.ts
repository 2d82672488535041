import { expect, test } from "@playwright/test";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { replyFinished, startChatFromHome } from "./support";

const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 375, height: 740 } },
] as const;

// Each look is checked in the light colour scheme and the dark one on the same page.
for (const viewport of VIEWPORTS) {
  test.describe(`the mock agent's help reply (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test("a paraphrase gets the starters; picking one sends it, and its scenario answers", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // Mentions a starter's keyword without being its prompt: the help reply, not an email.
      await startChatFromHome(page, "please email the release notes to bob");
      await replyFinished(page);
      const reply = page.getByRole("article", { name: "Agent" });
      await expect(reply.getByText(/This is the scripted demo agent/)).toBeVisible();
      await expect(reply.getByRole("group", { name: "Send the release notes?" })).toHaveCount(0);
      const starters = reply.getByRole("group", { name: "Try a starter" });
      await expect(
        starters.getByRole("button", { name: /^Email the release notes/ }),
      ).toBeVisible();
      await expect(
        starters.getByRole("button", { name: /^Tell me a long story\s*\/story$/ }),
      ).toBeVisible();
      await expectAxeCleanInBothSchemes(page);

      await starters.getByRole("button", { name: /^Where should we go next\?/ }).click();
      await expect(page.getByRole("article", { name: "You" }).last()).toContainText(
        "Where should we go next?",
      );
      const answer = page.getByRole("article", { name: "Agent" }).last();
      await expect(
        answer
          .getByRole("group", { name: "Where should we go?" })
          .getByRole("button", { name: /Documentation/ }),
      ).toBeEnabled();
      await expect(starters.getByText(/Answered “Where should we go next\?”/)).toBeVisible();
      await expectAxeCleanInBothSchemes(page);
    });
  });
}
