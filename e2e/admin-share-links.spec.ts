import { expect, test } from "@playwright/test";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// Public share links in the admin area: an admin sees every link with its creator and state, a
// disabled creator's link is suspended (the public page is a 404) until the account is enabled
// again, and the admin revokes one link without touching the site-wide switch.

test.use({ storageState: adminStorageState });

test.afterEach(async ({ request }) => {
  const off = await request.patch("/api/admin/settings", { data: { publicShareLinks: false } });
  expect(off.status(), await off.text()).toBe(200);
});

test("an admin sees a public link suspended while its creator is disabled, then revokes it", async ({ page, request, browser, playwright, baseURL }) => {
  const on = await request.patch("/api/admin/settings", { data: { publicShareLinks: true } });
  expect(on.status(), await on.text()).toBe(200);

  const account = newMember("public-link");
  const memberContext = await browser.newContext({ baseURL, storageState: undefined });
  const member = await memberContext.newPage();
  await signUp(member, account);
  const word = `harbour${Date.now()}`;
  const prompt = `A lighthouse over the ${word} at dusk`;
  await member.goto("/alpha");
  await member.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await member.getByRole("button", { name: "Generate" }).click();
  await expect(member.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 30_000 });
  let itemId = "";
  await expect
    .poll(async () => {
      itemId = ((await (await member.request.get(`/api/gallery?q=${word}`)).json()) as { items: { id: string }[] }).items[0]?.id ?? "";
      return itemId;
    })
    .not.toBe("");
  const created = await member.request.post(`/api/gallery/items/${itemId}/links`, { data: { expiresInDays: 7 } });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as { link: { url: string } };
  const memberId = ((await (await member.request.get("/api/me")).json()) as { user: { id: string } }).user.id;
  await memberContext.close();

  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await anonymous.get(link.url)).status()).toBe(200);

  const disabled = await request.patch(`/api/admin/users/${memberId}`, { data: { disabled: true } });
  expect(disabled.status(), await disabled.text()).toBe(200);
  expect((await anonymous.get(link.url)).status()).toBe(404);

  await page.goto("/admin");
  const links = page.getByRole("table", { name: "Public share links" });
  const row = links.getByRole("row").filter({ hasText: prompt });
  await expect(row).toContainText(account.email);
  await expect(row).toContainText("Suspended: creator disabled");

  await page.getByRole("button", { name: `Enable ${account.name}` }).click();
  await expect(row).toContainText("Live");
  expect((await anonymous.get(link.url)).status()).toBe(200);
  // At 1280 px the table fits the admin page's column: Revoke is on screen without scrolling the table sideways.
  expect(page.viewportSize()?.width).toBe(1280);
  expect(await links.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

  await row.getByRole("button", { name: `Revoke the link to ${prompt} by ${account.name}` }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  expect((await anonymous.get(link.url)).status()).toBe(404);
  await anonymous.dispose();
});
