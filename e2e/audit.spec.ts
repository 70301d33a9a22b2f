import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { AUDIT_CSV_HEADER } from "@/lib/audit/audit-rules";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// The audit log: an admin's changes show on /admin/audit, where filters narrow them and the export
// downloads what they keep; a team owner sees their team's entries and nobody else's, and a member
// of the team is refused.

async function signedInMember(browser: Browser, baseURL: string, prefix: string) {
  const account = newMember(prefix);
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await signUp(page, account);
  const id = ((await (await page.request.get("/api/me")).json()) as { user: { id: string } }).user.id;
  return { account, context, page, id };
}

/** The page as it looks in both themes, kept with the test's results for review. */
async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`), fullPage: true });
  await page.getByRole("button", { name: "Switch to dark theme" }).filter({ visible: true }).click();
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`), fullPage: true });
  await page.getByRole("button", { name: "Switch to light theme" }).filter({ visible: true }).click();
}

test.describe("a site admin", () => {
  test.use({ storageState: adminStorageState });

  test.afterEach(async ({ request }) => {
    const off = await request.patch("/api/admin/settings", { data: { openSignUp: false } });
    expect(off.status(), await off.text()).toBe(200);
  });

  test("disables a user and changes a setting, then finds both in the audit log, filters it and downloads it", async ({ page, browser, baseURL }) => {
    const member = await signedInMember(browser, baseURL!, "audited");
    await member.context.close();

    await page.goto("/admin");
    await page.getByRole("button", { name: `Disable ${member.account.name}` }).click();
    await expect(page.getByRole("button", { name: `Enable ${member.account.name}` })).toBeVisible();
    const openSignUp = page.locator("#open-sign-up");
    await expect(openSignUp).toHaveAttribute("aria-checked", "false");
    await openSignUp.click();
    await expect(openSignUp).toHaveAttribute("aria-checked", "true");

    await page.getByRole("link", { name: "Audit log →" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const table = page.getByRole("table", { name: "Audit log" });
    const disabledRow = table.getByRole("row").filter({ hasText: member.id });
    await expect(disabledRow.first()).toContainText("Disabled a user");
    await expect(disabledRow.first()).toContainText("ada@studio.test");
    await expect(table.getByRole("row").filter({ hasText: "Switched open sign-up" }).first()).toContainText("openSignUp");

    await page.getByLabel("Category").selectOption("users");
    await page.getByLabel("Action").selectOption("user.disabled");
    await page.getByLabel("Target contains").fill(member.id.slice(0, 8));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(table.getByTestId("audit-entry")).toHaveCount(1);
    await expect(table.getByTestId("audit-entry")).toContainText(member.id);
    await snapshot(page, "admin-audit");

    const download = page.waitForEvent("download");
    await page.getByTestId("audit-export").click();
    const csv = await readFile(await (await download).path(), "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,user.disabled,Disabled a user,Ada Admin,ada@studio.test,`);
    expect(lines[1]).toContain(`,${member.id},`);

    // A range that ends before today keeps nothing of today's changes.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Category").selectOption("settings");
    await expect(table.getByTestId("audit-entry").first()).toContainText("Switched open sign-up");
    await page.getByLabel("To (UTC)").fill("2020-01-01");
    await expect(page.getByText("No entry matches these filters.")).toBeVisible();
  });
});

test("a team owner sees their team's entries; a member of the team is refused", async ({ browser, baseURL }) => {
  const owner = await signedInMember(browser, baseURL!, "audit-owner");
  const teamName = `Audit crew ${Date.now()}`;
  await owner.page.goto("/teams");
  await owner.page.getByLabel("Team name").fill(teamName);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(owner.page.getByRole("heading", { name: teamName })).toBeVisible();
  const teamUrl = owner.page.url();
  const renamed = `${teamName} renamed`;
  await owner.page.getByLabel("Team name").fill(renamed);
  await owner.page.getByRole("button", { name: "Rename" }).click();
  await expect(owner.page.getByRole("heading", { name: renamed })).toBeVisible();
  await owner.page.getByRole("button", { name: "Create invite link" }).click();
  const link = (await owner.page.getByTestId("new-team-invite-link").textContent())!;

  const member = await signedInMember(browser, baseURL!, "audit-member");
  await member.page.goto(link);
  await member.page.getByRole("button", { name: `Join ${renamed}` }).click();
  await expect(member.page).toHaveURL(teamUrl);

  // Another team's changes stay out of this team's log.
  const stranger = await signedInMember(browser, baseURL!, "audit-stranger");
  const created = await stranger.page.request.post("/api/teams", { data: { name: `Elsewhere ${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);

  await owner.page.reload();
  await owner.page.getByRole("link", { name: "Audit log →" }).click();
  await expect(owner.page).toHaveURL(`${teamUrl}/audit`);
  const entries = owner.page.getByRole("table", { name: "Audit log" }).getByTestId("audit-entry");
  await expect(entries).toHaveCount(4);
  for (const label of ["Joined a team", "Created a team invite link", "Renamed a team", "Created a team"]) {
    await expect(entries.filter({ has: owner.page.getByText(label, { exact: true }) })).toHaveCount(1);
  }
  // Every entry is this team's: the stranger's team never shows.
  await expect(entries.filter({ hasText: stranger.account.name })).toHaveCount(0);
  await owner.page.getByLabel("Actor").selectOption({ label: `${member.account.name} (${member.account.email})` });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Joined a team");
  await snapshot(owner.page, "team-audit");

  await expect(member.page.getByRole("link", { name: "Audit log →" })).toHaveCount(0);
  const teamId = teamUrl.split("/").at(-1)!;
  expect((await member.page.request.get(`/api/teams/${teamId}/audit`)).status()).toBe(403);
  expect((await member.page.request.get(`/api/teams/${teamId}/audit/csv`)).status()).toBe(403);
  expect((await member.page.goto(`/teams/${teamId}/audit`))!.status()).toBe(404);
  expect((await stranger.page.request.get(`/api/teams/${teamId}/audit`)).status()).toBe(404);
  expect((await owner.page.request.get("/api/admin/audit")).status()).toBe(403);

  for (const person of [owner, member, stranger]) await person.context.close();
});
