import { expect, test, type Browser } from "@playwright/test";
import { ACCOUNT_DISABLED, OPEN_SIGN_UP_MEANING, OPEN_SIGN_UP_NO_TEAM } from "../lib/auth/messages";
import { adminStorageState } from "../playwright.config";
import { newMember, PASSWORD, signIn, signOut, signUp } from "./accounts";

// How people get in (invites, open sign-up), where sign-in sends
// them, how often they may guess, and how sessions end.

async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, storageState: adminStorageState });
  const page = await context.newPage();
  await page.goto("/admin");
  return page;
}

/** A member signed up in a browser of their own (a new context). */
async function memberBrowser(browser: Browser, baseURL: string, prefix: string) {
  const account = newMember(prefix);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, account);
  return { account, context, page };
}

test.describe("sign-up after the first account is by invitation", () => {
  test("without an invite the sign-up page says so and shows no form", async ({ page }) => {
    await page.goto("/sign-up");
    await expect(page.getByText("Sign-up is by invitation. Ask an admin of this studio for an invite link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await expect(page.getByText("first account")).toHaveCount(0);
    await page.goto("/sign-in");
    await expect(page.getByText("New here? Ask an admin of this studio for an invite link.")).toBeVisible();
  });

  test("an invite link made on the admin page works once; the second use is refused", async ({ browser, baseURL }) => {
    const admin = await adminPage(browser, baseURL!);
    await admin.getByLabel("Note (optional)").fill("For the invite test");
    await admin.getByRole("button", { name: "Create invite link" }).click();
    const link = (await admin.getByTestId("new-invite-link").textContent())!;
    expect(link).toMatch(/\/sign-up\?invite=[A-Za-z0-9_-]{43}$/);
    await expect(admin.getByRole("list", { name: "Pending invites" }).getByText("For the invite test")).toBeVisible();

    const first = await browser.newContext({ baseURL });
    const firstPage = await first.newPage();
    await firstPage.goto(link);
    await expect(firstPage.getByRole("heading", { name: "Join Studio" })).toBeVisible();
    const member = newMember("invited");
    await signUp(firstPage, member, link);
    await expect(firstPage.getByTestId("current-user-role")).toHaveText("member");

    const second = await browser.newContext({ baseURL });
    const secondPage = await second.newPage();
    await secondPage.goto(link);
    await expect(secondPage.getByRole("main").getByRole("alert")).toHaveText("This invite link has already been used. Ask an admin of this studio for a new one.");
    await expect(secondPage.getByRole("button", { name: "Create account" })).toHaveCount(0);

    await admin.reload();
    await expect(admin.getByRole("list", { name: "Pending invites" }).getByText("For the invite test")).toHaveCount(0);
    await Promise.all([first.close(), second.close(), admin.context().close()]);
  });

  test("a revoked invite link is refused plainly", async ({ browser, baseURL }) => {
    const admin = await adminPage(browser, baseURL!);
    await admin.getByLabel("Note (optional)").fill("To be revoked");
    await admin.getByRole("button", { name: "Create invite link" }).click();
    const link = (await admin.getByTestId("new-invite-link").textContent())!;
    await admin.getByRole("button", { name: "Revoke invite To be revoked" }).click();
    await expect(admin.getByRole("list", { name: "Pending invites" }).getByText("To be revoked")).toHaveCount(0);

    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto(link);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("This invite link was withdrawn by an admin. Ask an admin of this studio for a new one.");
    await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await Promise.all([visitor.close(), admin.context().close()]);
  });

  test("open sign-up, turned on in the admin area, opens the sign-up page; off closes it again", async ({ browser, baseURL }) => {
    const admin = await adminPage(browser, baseURL!);
    await expect(admin.getByText(OPEN_SIGN_UP_MEANING)).toBeVisible();
    const toggle = admin.getByRole("switch", { name: /Open sign-up/ });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(admin.getByTestId("sign-up-mode")).toHaveText("On: the sign-up page is open to everyone.");
    try {
      const visitor = await browser.newContext({ baseURL });
      const page = await visitor.newPage();
      await page.goto("/sign-up");
      await expect(page.getByText(OPEN_SIGN_UP_NO_TEAM)).toBeVisible();
      const account = newMember("open");
      await page.getByLabel("Name").fill(account.name);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByTestId("current-user-role")).toHaveText("member");
      await visitor.close();
    } finally {
      await toggle.click();
      await expect(admin.getByTestId("sign-up-mode")).toHaveText("Off: people can create an account only with an invite link.");
    }
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto("/sign-up");
    await expect(page.getByText("Sign-up is by invitation. Ask an admin of this studio for an invite link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await Promise.all([visitor.close(), admin.context().close()]);
  });
});

test.describe("no open redirect after sign-in", () => {
  test("crafted next= values land on the studio's home page; a real path is kept", async ({ browser, baseURL }) => {
    const { account, context } = await memberBrowser(browser, baseURL!, "redirect");
    await context.close();
    const payloads = ["%2F%5Cevil.example%2F", "/%09/evil.example/", "%2F%2Fevil.example", "https%3A%2F%2Fevil.example%2F", "javascript%3Aalert(1)"];
    for (const payload of payloads) {
      const visitor = await browser.newContext({ baseURL });
      const page = await visitor.newPage();
      await page.goto(`/sign-in?next=${payload}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByTestId("current-user-name"), payload).toBeVisible();
      expect(page.url(), payload).toBe(`${baseURL}/`);
      await visitor.close();
    }
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto("/sign-in?next=%2Falpha");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/alpha`);
    await visitor.close();
  });
});

test.describe("sign-in throttling", () => {
  test("after repeated wrong passwords from one address even the right one is refused there, saying when to try again", async ({ browser, baseURL }) => {
    // An account of its own, so no other test is locked out.
    const { account, context } = await memberBrowser(browser, baseURL!, "throttled");
    await context.close();
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    const attempt = async (password: string) => {
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      return page.locator("form").getByRole("alert");
    };
    for (let i = 0; i < 5; i++) await expect(await attempt(`wrong password ${i}`)).toHaveText("The email or password is not right.");
    await expect(await attempt(account.password)).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");
    await expect(page.getByTestId("current-user-name")).toHaveCount(0);

    // A script posting to next-auth's callback directly is refused too, with Retry-After.
    const csrf = await page.request.get("/api/auth/csrf");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const direct = await page.request.post("/api/auth/callback/credentials", {
      form: { email: account.email, password: account.password, csrfToken },
      maxRedirects: 0,
    });
    expect(direct.status()).toBe(429);
    expect(Number(direct.headers()["retry-after"])).toBeGreaterThan(13 * 60);
    expect((await direct.json()).error).toMatchObject({ code: "rate_limited", message: "Too many sign-in attempts. Try again in 15 minutes." });
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await visitor.close();
  });
});

test.describe("sessions end when they should", () => {
  test("sign-out in one tab ends the session in a second tab, and a copied session cookie is worthless", async ({ browser, baseURL }) => {
    const { context, page: first } = await memberBrowser(browser, baseURL!, "tabs");
    const second = await context.newPage();
    await second.goto("/chat");
    await expect(second.getByTestId("current-user-name")).toBeVisible();
    // What a thief (or a stale tab that still holds the cookie) would keep.
    const captured = await context.storageState();
    expect((await second.request.get("/api/me")).status()).toBe(200);

    await signOut(first);

    expect((await second.request.get("/api/me")).status()).toBe(401);
    await second.reload();
    await expect(second).toHaveURL(/\/sign-in/);

    const replay = await browser.newContext({ baseURL, storageState: captured });
    const response = await replay.request.get("/api/me");
    expect(response.status()).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
    const replayPage = await replay.newPage();
    await replayPage.goto("/chat");
    await expect(replayPage).toHaveURL(/\/sign-in/);
    await Promise.all([replay.close(), context.close()]);
  });

  test("changing the password on the account page signs out the user's other browsers, not this one", async ({ browser, baseURL }) => {
    const { account, context: laptop, page } = await memberBrowser(browser, baseURL!, "password");
    const phone = await browser.newContext({ baseURL });
    await signIn(await phone.newPage(), account);

    await page.getByTestId("current-user-name").click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password").fill("a new password for the test");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is not right")).toBeVisible();

    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password must be at least 10 characters")).toBeVisible();

    await page.getByLabel("New password").fill("a new password for the test");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Signed out 1 other session.");

    expect((await page.request.get("/api/me")).status()).toBe(200);
    expect((await phone.request.get("/api/me")).status()).toBe(401);
    const again = await browser.newContext({ baseURL });
    await signIn(await again.newPage(), { email: account.email, password: "a new password for the test" });
    await Promise.all([again.close(), phone.close(), laptop.close()]);
  });

  test("an admin disables a user: signed out at once and told at sign-in that the account is disabled; enabling lets them back", async ({ browser, baseURL }) => {
    const { account, context, page } = await memberBrowser(browser, baseURL!, "disabled");
    const admin = await adminPage(browser, baseURL!);
    const row = admin.getByRole("row").filter({ hasText: account.email });
    // The admin cannot disable themselves (their row has only its storage quota to edit).
    await expect(admin.getByRole("row").filter({ hasText: "ada@studio.test" }).getByRole("button", { name: /^(Disable|Enable) / })).toHaveCount(0);
    await row.getByRole("button", { name: `Disable ${account.name}` }).click();
    await expect(row.getByText("disabled", { exact: true })).toBeVisible();

    expect((await page.request.get("/api/me")).status()).toBe(401);
    const visitor = await browser.newContext({ baseURL });
    const signInPage = await visitor.newPage();
    await signInPage.goto("/sign-in");
    await signInPage.getByLabel("Email").fill(account.email);
    await signInPage.getByLabel("Password").fill(PASSWORD);
    await signInPage.getByRole("button", { name: "Sign in" }).click();
    // Only the right password learns that the account is disabled.
    await expect(signInPage.locator("form").getByRole("alert")).toHaveText(ACCOUNT_DISABLED);

    await row.getByRole("button", { name: `Enable ${account.name}` }).click();
    await expect(row.getByText("disabled", { exact: true })).toHaveCount(0);
    await signIn(signInPage, account);
    await Promise.all([visitor.close(), context.close(), admin.context().close()]);
  });
});
