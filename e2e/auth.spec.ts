import { expect, test } from "@playwright/test";
import { adminAccount, createInviteLink, newMember, signIn, signOut, signUp } from "./accounts";
import { adminStorageState } from "../playwright.config";

test("a later account is a member and cannot see the admin section", async ({ page }) => {
  const member = newMember();
  await signUp(page, member);
  await expect(page.getByTestId("current-user-role")).toHaveText("member");
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admin" })).toHaveCount(0);

  const adminPage = await page.goto("/admin");
  expect(adminPage?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();

  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe("forbidden");
});

test("sign out, then sign in again with the same password", async ({ page }) => {
  const member = newMember();
  await signUp(page, member);
  await signOut(page);
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, member);
  await expect(page.getByTestId("current-user-name")).toHaveText(member.name);
});

test("the sidebar writes a designer's whole name beside the studio's pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = { ...newMember(), name: "Marguerite Okonkwo" };
  await signUp(page, member);
  const name = page.getByTestId("current-user-name");
  await expect(name).toHaveText(member.name);
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(adminAccount.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("The email or password is not right.");
});

test("sign-up names the field and rule before anything is sent", async ({ page, baseURL }) => {
  await page.goto(await createInviteLink(baseURL!));
  await page.getByLabel("Name").fill("Short Password");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Email must be a valid address like name@example.com")).toBeVisible();
  await expect(page.getByText("Password must be at least 10 characters")).toBeVisible();
});

test("the admin sees the admin page and the users API", async ({ browser }) => {
  const context = await browser.newContext({ storageState: adminStorageState });
  const page = await context.newPage();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("table", { name: "Users" }).getByText(adminAccount.email, { exact: true })).toBeVisible();
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.users[0]).toMatchObject({ email: adminAccount.email, role: "admin" });
  expect(JSON.stringify(body)).not.toContain("passwordHash");
  await context.close();
});

test("an unauthenticated API call gets 401 JSON", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const path of ["/api/me", "/api/admin/users", "/api/assets/00000000-0000-0000-0000-000000000000"]) {
    const response = await anonymous.get(path);
    expect(response.status(), path).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
  }
  const upload = await anonymous.post("/api/uploads?purpose=alpha-v3", { data: Buffer.from("x") });
  expect(upload.status()).toBe(401);
  await anonymous.dispose();
});
