import { expect, test, type Browser } from "@playwright/test";
import { INVITE_PROBLEMS, TEAM_INVITE_NEEDS_ACCOUNT } from "../lib/auth/messages";
import { newMember, signUp } from "./accounts";

// Issue 12, "Teams and sharing": an owner makes a team and an invite link; a signed-in account opens
// the link and joins; the same link opened by a third account is refused as used.

async function signedInMember(browser: Browser, baseURL: string, prefix: string) {
  const account = newMember(prefix);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, account);
  return { account, context, page };
}

test("a team's invite link adds one signed-in account, then says it was used", async ({ browser, baseURL }) => {
  const owner = await signedInMember(browser, baseURL!, "owner");
  const teamName = `Poster crew ${Date.now()}`;
  await owner.page.goto("/teams");
  await owner.page.getByLabel("Team name").fill(teamName);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(owner.page.getByRole("heading", { name: teamName })).toBeVisible();
  const teamUrl = owner.page.url();
  expect(teamUrl).toMatch(/\/teams\/[0-9a-f-]{36}$/);

  await owner.page.getByLabel("Note (optional)").fill("For the second designer");
  await owner.page.getByRole("button", { name: "Create invite link" }).click();
  const link = (await owner.page.getByTestId("new-team-invite-link").textContent())!;
  expect(link).toMatch(/\/join\?invite=[A-Za-z0-9_-]{43}$/);
  await expect(owner.page.getByRole("list", { name: "Pending team invites" }).getByText("For the second designer")).toBeVisible();

  // Team invites create no accounts unless the admin allows it: signed out, the link asks for an existing account.
  const visitor = await browser.newContext({ baseURL });
  const signedOut = await visitor.newPage();
  await signedOut.goto(link);
  await expect(signedOut.getByText(TEAM_INVITE_NEEDS_ACCOUNT)).toBeVisible();
  await expect(signedOut.getByRole("link", { name: "Create one with this invite" })).toHaveCount(0);
  await signedOut.goto(`/sign-up?invite=${new URL(link).searchParams.get("invite")}`);
  await expect(signedOut.getByText(TEAM_INVITE_NEEDS_ACCOUNT)).toBeVisible();
  await expect(signedOut.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await visitor.close();

  const second = await signedInMember(browser, baseURL!, "joiner");
  await second.page.goto(link);
  await second.page.getByRole("button", { name: `Join ${teamName}` }).click();
  await expect(second.page).toHaveURL(teamUrl);
  await expect(second.page.getByRole("list", { name: "Members" }).getByText(second.account.name)).toBeVisible();
  await expect(second.page.getByTestId("active-team").filter({ visible: true })).toContainText(teamName);

  const third = await signedInMember(browser, baseURL!, "late");
  await third.page.goto(link);
  await expect(third.page.getByRole("main").getByRole("alert")).toHaveText(INVITE_PROBLEMS.used);
  await expect(third.page.getByRole("button", { name: `Join ${teamName}` })).toHaveCount(0);
  await third.page.goto(teamUrl);
  await expect(third.page.getByRole("heading", { name: teamName })).toHaveCount(0);

  await owner.page.reload();
  await expect(owner.page.getByRole("list", { name: "Members" }).getByTestId("team-member")).toHaveCount(2);
  await expect(owner.page.getByRole("list", { name: "Pending team invites" })).toHaveCount(0);
  await Promise.all([owner.context.close(), second.context.close(), third.context.close()]);
});
