import { expect, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";
export const adminAccount = { name: "Ada Admin", email: "ada@studio.test", password: PASSWORD };

let counter = 0;
export function newMember(prefix = "member") {
  counter += 1;
  return { name: `${prefix} ${counter}`, email: `${prefix}-${Date.now()}-${counter}@studio.test`, password: PASSWORD };
}

export async function signUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("current-user-name")).toHaveText(account.name);
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user-name")).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}
