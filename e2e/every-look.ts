import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/**
 * Expects no axe violations on the page in light and dark, on a desktop and a phone. `show` runs
 * after each change of size, for what a size draws differently (the phone's chat list is a sheet).
 */
export async function expectAxeCleanEverywhere(
  page: Page,
  show: (size: "desktop" | "phone") => Promise<void> = async () => {},
): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await show(size);
    await expectAxeCleanInBothSchemes(page, `on a ${size}`);
  }
}

/**
 * Expects no axe violations on the page as it stands, in the light colour scheme and the dark
 * one (the app's "System" theme follows the device's), and leaves it light.
 */
export async function expectAxeCleanInBothSchemes(page: Page, where = ""): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `${colorScheme} ${where}`.trim()).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
