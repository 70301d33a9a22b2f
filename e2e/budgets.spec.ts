import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";
import { settleJobs } from "./settle-jobs";

// An admin sets a team's budget; a designer of that team sees what is left before the click, spends
// it, and is refused with the budget's message; the admin then sees the soft alert and the audit
// entries. The team is the designer's own, so no other spec's work meets the budget.

test.use({ storageState: adminStorageState });

let budgetIds: string[] = [];

test.afterEach(async ({ request }) => {
  for (const id of budgetIds) await request.delete(`/api/admin/budgets/${id}`);
  budgetIds = [];
});

async function teamBudgetIds(request: APIRequestContext, teamId: string): Promise<string[]> {
  const answer = await request.get(`/api/admin/audit?action=budget.set&teamId=${teamId}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const entries = ((await answer.json()) as { entries: { target: string | null }[] }).entries;
  return [...new Set(entries.map((entry) => entry.target!))];
}

test("a team budget: the designer sees what is left, is refused when it runs out, and the admin sees the alert and the audit entries", async ({ page, browser, baseURL }) => {
  const designer = await browser.newContext({ baseURL, storageState: undefined });
  const designerPage = await designer.newPage();
  await signUp(designerPage, newMember("budgeted"));
  const teamName = `Budgeted ${Date.now()}`;
  const created = await designerPage.request.post("/api/teams", { data: { name: teamName } });
  expect(created.status(), await created.text()).toBe(201);
  const teamId = ((await created.json()) as { team: { id: string } }).team.id;
  expect((await designerPage.request.put("/api/me/active-team", { data: { teamId } })).status()).toBe(200);
  await settleJobs(designerPage.request);

  await page.goto("/admin");
  await page.getByRole("link", { name: "Prices and budgets →" }).click();
  const form = page.getByRole("form", { name: "Set a budget" });
  await form.getByLabel("For").selectOption("team");
  await form.getByLabel("Team").selectOption(teamId);
  await form.getByLabel("Counts").selectOption("images");
  await form.getByLabel("Period").selectOption("daily");
  await form.getByLabel("Limit").fill("1");
  await form.getByRole("button", { name: "Set budget" }).click();
  const line = page.getByRole("list", { name: "Budgets" }).getByRole("listitem").filter({ hasText: teamName });
  await expect(line).toContainText("1 image left of 1 image (daily), resets at");
  budgetIds = await teamBudgetIds(page.request, teamId);
  expect(budgetIds).toHaveLength(1);

  await designerPage.goto("/alpha");
  const left = designerPage.getByRole("list", { name: "Budget left" });
  await expect(left).toContainText(`The budget of team ${teamName}: 1 image left of 1 image (daily)`);
  await designerPage.getByRole("textbox", { name: "Prompt" }).fill("a paper lantern on a windowsill");
  await designerPage.getByRole("button", { name: "Generate" }).click();
  await expect(designerPage.getByTestId("alpha-result-image").first()).toBeVisible({ timeout: 30_000 });

  // What is left, and the shell's alert, follow the job's end without a reload.
  await expect(left).toContainText("0 images left of 1 image (daily)");
  await expect(designerPage.getByRole("status", { name: "Budget alerts" })).toContainText(`The budget of team ${teamName} has passed 80%`);
  await designerPage.reload();
  await designerPage.getByRole("textbox", { name: "Prompt" }).fill("one more lantern");
  await designerPage.getByRole("button", { name: "Generate" }).click();
  await expect(designerPage.getByText(`The budget of team ${teamName} (1 image, daily) has 0 images left, not enough for this job; it resets at`)).toBeVisible();
  await expect(designerPage.getByRole("status", { name: "Budget alerts" })).toContainText(`The budget of team ${teamName} has passed 80%`);

  // The chat editor's composer says the same before a turn is sent.
  await designerPage.goto("/chat");
  await expect(designerPage.getByRole("list", { name: "Budget left" })).toContainText(`The budget of team ${teamName}: 0 images left of 1 image (daily)`);

  await page.reload();
  await expect(page.getByRole("status", { name: "Budget alerts" })).toContainText(`The budget of team ${teamName} has passed 80%: 0 images left of 1 image`);
  await page.goto("/admin/audit");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "Set a budget" }).first()).toContainText(budgetIds[0]);
  await designer.close();
});

test("the budget form's selects stand as tall as its fields, so a row of them lines up", async ({ page }) => {
  await page.goto("/admin/budgets");
  const form = page.getByRole("form", { name: "Set a budget" });
  const controls = [form.getByLabel("For"), form.getByLabel("Counts"), form.getByLabel("Limit"), form.getByLabel("Alert at percent")];
  await expect(async () => {
    const [scope, metric, limit, alert] = await Promise.all(controls.map(async (control) => (await control.boundingBox())?.height));
    expect(scope).toBeGreaterThan(0);
    expect(scope).toBe(limit);
    expect(metric).toBe(alert);
  }).toPass();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a model's prices are a card of their own: a price below 0 is refused naming the model and the field, a good one is saved", async ({ page }) => {
    const original = { model: "alpha-image-v3", per1kTokens: 0, perImage: 0, perVideoSecond: 0 };
    await page.goto("/admin/budgets");
    const prices = page.getByRole("region", { name: /^Prices per model/ });
    const perImage = prices.getByRole("textbox", { name: "Alpha v3 per image", exact: true });
    original.perImage = Number(await perImage.inputValue());
    original.per1kTokens = Number(await prices.getByRole("textbox", { name: "Alpha v3 per 1,000 tokens", exact: true }).inputValue());
    original.perVideoSecond = Number(await prices.getByRole("textbox", { name: "Alpha v3 per video second", exact: true }).inputValue());
    try {
      // Every input and Save in sight without scrolling sideways.
      expect(await prices.evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBeLessThanOrEqual(0);
      const save = prices.getByRole("form", { name: "Prices of Alpha v3", exact: true }).getByRole("button", { name: "Save" });
      await save.scrollIntoViewIfNeeded();
      await expect(save).toBeInViewport();

      await perImage.fill("-1");
      await save.click();
      await expect(page.getByRole("alert").filter({ hasText: "Alpha v3 per image: must be at least 0" })).toBeVisible();
      await expect(perImage).toHaveAttribute("aria-invalid", "true");

      await perImage.fill("");
      await save.click();
      await expect(page.getByRole("alert").filter({ hasText: "Alpha v3 per image: must be a number" })).toBeVisible();

      const saved = page.waitForResponse((response) => response.url().endsWith("/api/admin/prices") && response.request().method() === "PUT");
      await perImage.fill("0.25");
      await save.click();
      expect((await saved).status()).toBe(200);
      await expect(perImage).not.toHaveAttribute("aria-invalid");
      await page.reload();
      await expect(prices.getByRole("textbox", { name: "Alpha v3 per image", exact: true })).toHaveValue("0.25");
    } finally {
      expect((await page.request.put("/api/admin/prices", { data: original })).status()).toBe(200);
    }
  });
});
