import { expect, test } from "@playwright/test";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// A tab whose session ended (here: an admin disabled the account) stops asking the studio for
// anything and says so, with a way back to the same page after signing in.

test("a disabled designer's open tab says the session ended, stops polling and streaming, and leads to sign-in back to the page", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = newMember("ended");
  await signUp(page, account);
  await page.goto("/videos?task=t2va");
  await expect(page.getByTestId("activity-button")).toBeVisible();
  const { user } = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };

  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
  });

  const admin = await browser.newContext({ baseURL, storageState: adminStorageState });
  try {
    const disabled = await admin.request.patch(`/api/admin/users/${user.id}`, { data: { disabled: true } });
    expect(disabled.status(), await disabled.text()).toBe(200);

    const notice = page.getByTestId("session-ended");
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText("Your session ended");

    // From now on the tab is quiet: no polls, no stream reconnects.
    const seen = apiCalls.length;
    await page.waitForTimeout(8_000);
    expect(apiCalls.slice(seen)).toEqual([]);

    await notice.getByTestId("session-ended-sign-in").click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fvideos%3Ftask%3Dt2va$/);

    // With the right password, the designer is told why they cannot get in.
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("This account is disabled.")).toBeVisible();
  } finally {
    await admin.request.patch(`/api/admin/users/${user.id}`, { data: { disabled: false } });
    await Promise.all([context.close(), admin.close()]);
  }
});
