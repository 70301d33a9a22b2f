import { devices, expect, test as setup } from "@playwright/test";
import { adminAccount, signUpFirstAccount } from "./accounts";
import { studios } from "../playwright.config";

// Runs first, on the empty database of each studio of the run: the first account becomes site admin.
setup("the first account on an empty database becomes admin", async ({ browser }) => {
  for (const studio of studios) {
    const context = await browser.newContext({ ...devices["Desktop Chrome"], baseURL: studio.baseURL });
    const page = await context.newPage();
    await signUpFirstAccount(page, adminAccount);
    await expect(page.getByTestId("current-user-role")).toHaveText("admin");
    await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admin" })).toBeVisible();
    await context.storageState({ path: studio.adminStorageState });
    await context.close();
  }
});
