import { expect, request, type Page } from "@playwright/test";
import { adminStorageState } from "../playwright.config";

export const PASSWORD = "correct horse battery";
export const adminAccount = { name: "Ada Admin", email: "ada@studio.test", password: PASSWORD };

type Account = { name: string; email: string; password: string };

let counter = 0;
export function newMember(prefix = "member") {
  counter += 1;
  return { name: `${prefix} ${counter}`, email: `${prefix}-${Date.now()}-${counter}@studio.test`, password: PASSWORD };
}

/** An invite link made by the run's admin (first-account.setup.ts), as the admin page makes it. */
export async function createInviteLink(origin: string, note = "e2e"): Promise<string> {
  const admin = await request.newContext({ baseURL: origin, storageState: adminStorageState });
  try {
    const response = await admin.post("/api/admin/invites", { data: { note } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { link: string }).link;
  } finally {
    await admin.dispose();
  }
}

async function fillSignUp(page: Page, account: Account) {
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("current-user-name")).toHaveText(account.name);
}

/** The run's first account (the admin), on the empty database: no invite needed. */
export async function signUpFirstAccount(page: Page, account: Account) {
  // A fresh studio leads its first visitor from sign-in to creating the admin account.
  await page.goto("/sign-in");
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByText("This is the studio's first account: it becomes the site admin.")).toBeVisible();
  await fillSignUp(page, account);
}

/**
 * A new member, signed up through the page like a person: sign-up is by invitation, so the admin
 * makes an invite link first (or pass one in `invite`) and the member opens it.
 */
export async function signUp(page: Page, account: Account, invite?: string) {
  await page.goto("/sign-in");
  const link = invite ?? (await createInviteLink(new URL(page.url()).origin, account.email));
  await page.goto(link);
  await fillSignUp(page, account);
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
