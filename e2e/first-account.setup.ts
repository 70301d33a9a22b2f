import { expect, test as setup } from "@playwright/test";
import { adminAccount, signUpFirstAccount } from "./accounts";
import { adminStorageState } from "../playwright.config";

// Runs first, on the empty database of the test run: the first account becomes site admin.
setup("the first account on an empty database becomes admin", async ({ page }) => {
  await signUpFirstAccount(page, adminAccount);
  await expect(page.getByTestId("current-user-role")).toHaveText("admin");
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admin" })).toBeVisible();
  await page.context().storageState({ path: adminStorageState });
});
