import { test } from "@playwright/test";
import { adminStorageState } from "../playwright.config";

test.use({ storageState: adminStorageState });
test("look", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto("/admin/budgets");
  await page.getByRole("form", { name: "Queued jobs per person" }).getByLabel("Per member").fill("0");
  await page.getByRole("button", { name: "Save caps" }).click();
  await page.screenshot({ path: "/tmp/look-budgets.png", fullPage: true });
});
