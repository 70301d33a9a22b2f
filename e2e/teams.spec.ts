import { expect, test, type Browser } from "@playwright/test";
import { INVITE_PROBLEMS, TEAM_INVITE_NEEDS_ACCOUNT } from "../lib/auth/messages";
import { invitationSent } from "../lib/teams/team-messages";
import { newMember, signUp } from "./accounts";

// Teams and sharing: an owner makes a team and an invite link; a signed-in account opens
// the link and joins; the same link opened by a third account is refused as used. An owner invites
// an account by email; it joins only when its owner accepts, with the role offered.

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

test("an invitation by email makes nobody a member until the invitee accepts it, with the role offered", async ({ browser, baseURL }) => {
  const owner = await signedInMember(browser, baseURL!, "inviter");
  const invitee = await signedInMember(browser, baseURL!, "invitee");
  const teamName = `Studio ${Date.now()}`;
  await owner.page.goto("/teams");
  await owner.page.getByLabel("Team name").fill(teamName);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(owner.page.getByRole("heading", { name: teamName })).toBeVisible();
  const teamUrl = owner.page.url();

  await owner.page.getByLabel("Email", { exact: true }).fill(invitee.account.email);
  await owner.page.getByLabel("Role offered").selectOption("owner");
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.page.getByText(invitationSent(invitee.account.email))).toBeVisible();
  await expect(owner.page.getByRole("list", { name: "Pending invitations" }).getByText(invitee.account.email)).toBeVisible();
  await expect(owner.page.getByRole("list", { name: "Members" }).getByTestId("team-member")).toHaveCount(1);

  await invitee.page.goto("/teams");
  await expect(invitee.page.getByTestId("team-invitation-count")).toContainText("1");
  const invitations = invitee.page.getByRole("list", { name: "Invitations for you" });
  await expect(invitations.getByText(teamName)).toBeVisible();
  await expect(invitations).toContainText(`Invited by ${owner.account.name} (${owner.account.email}) as owner`);
  await invitee.page.getByRole("button", { name: `Accept the invitation to ${teamName}` }).click();
  await expect(invitations).toHaveCount(0);
  await expect(invitee.page.getByTestId("team-invitation-count")).toHaveCount(0);
  await expect(invitee.page.getByRole("list", { name: "Your teams" }).getByText(teamName)).toBeVisible();
  await invitee.page.goto(teamUrl);
  await expect(invitee.page.getByText("You are an owner of this team.")).toBeVisible();

  await owner.page.reload();
  await expect(owner.page.getByRole("list", { name: "Members" }).getByTestId("team-member")).toHaveCount(2);
  await expect(owner.page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  await Promise.all([owner.context.close(), invitee.context.close()]);
});

test("on a phone, the list of teams shows a long team name whole; its only owner's role is not offered for change and its spending wraps between figures", async ({ browser, baseURL }) => {
  const owner = await signedInMember(browser, baseURL!, "longname");
  await owner.page.setViewportSize({ width: 390, height: 844 });
  const teamName = `Northern Lights Brand Identity Studio ${Date.now()}`;
  const response = await owner.page.request.post("/api/teams", { data: { name: teamName }, headers: { Origin: baseURL! } });
  expect(response.status(), await response.text()).toBe(201);
  await owner.page.goto("/teams");
  const name = owner.page.getByRole("list", { name: "Your teams" }).getByText(teamName, { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // Its only owner's role is not offered for change (a team needs an owner), and the row says why.
  await name.click();
  const own = owner.page.getByTestId("team-member").filter({ hasText: "(you)" });
  await expect(own.getByText("the only owner")).toBeVisible();
  await expect(own.getByRole("combobox")).toHaveCount(0);

  // Its spending breaks the line between figures, never inside one.
  const figures = owner.page.getByLabel("Spent this month").locator("span");
  await expect(figures).toHaveCount(4);
  for (const figure of await figures.all()) expect(await figure.evaluate((element) => element.getClientRects().length)).toBe(1);
  await owner.context.close();
});
