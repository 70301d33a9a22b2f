import { expect } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// Variations on the alpha v3 page: one click asks for 3 images, which appear as one set, filling in
// as each job ends, each with its own seed; "Reuse settings" on one brings back that one's seed.
const test = testAsNewMember("variations");

const emulatorControl = `http://127.0.0.1:${emulatorPorts.image}/__emulator`;
const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";
const screenshots = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

test.beforeEach(async ({ page, request }) => {
  await request.delete(`${emulatorControl}/faults`);
  await settleJobs(page.request);
});

test.afterEach(async ({ request }) => {
  await request.delete(`${emulatorControl}/faults`);
});

test("asks for 3 alpha v3 variations: 3 images appear as one set with seeds 4294967000-4294967002, each shown whole, and reuse brings back one's seed", async ({ page, request }) => {
  // A laptop's width, where a set's cells are narrowest beside the form.
  await page.setViewportSize({ width: 1280, height: 800 });
  // The first image's request takes a few seconds: the set shows it running beside the finished ones.
  await request.post(`${emulatorControl}/faults`, { data: { sequence: [{ kind: "slow", ms: 4_000 }], pathPrefix: ALPHA_V3_PATH } });
  await page.goto("/alpha");
  const prompt = `A paper boat on a pond ${Date.now()}`;
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await page.getByRole("radio", { name: "Fixed" }).click();
  await page.getByRole("textbox", { name: "Seed value" }).fill("4294967000");
  await page.getByTestId("alpha-variations-3").click();
  await expect(page.getByTestId("alpha-variations-3")).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Generate" }).click();

  const set = page.getByTestId("alpha-variation-set").first();
  await expect(set).toHaveAttribute("data-count", "3");
  await expect(set.getByRole("heading", { name: "3 variations" })).toBeVisible();
  // Each image has its own state: one still running while the others are ready.
  await expect(set.getByTestId("alpha-running")).toHaveCount(1);
  await expect(set.getByTestId("alpha-result-image")).toHaveCount(2);

  await expect(set.getByTestId("alpha-result-image")).toHaveCount(3, { timeout: 20_000 });
  await expect(set.getByText("3 of 3 ready")).toBeVisible();
  for (const image of await set.getByTestId("alpha-result-image").all()) {
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
  // The prompt rewritten the same way for all three is said once, over the set, not in each cell.
  await expect(set.getByTestId("alpha-variation-set-revised-prompt")).toHaveCount(1);
  await expect(set.getByTestId("alpha-variation-set-revised-prompt")).toContainText(prompt);
  await expect(set.getByTestId("alpha-revised-prompt")).toHaveCount(0);
  const cells = set.getByTestId("alpha-result");
  for (const [index, seed] of ["4294967000", "4294967001", "4294967002"].entries()) {
    await expect(cells.nth(index).getByRole("button", { name: `Use seed ${seed}` })).toBeVisible();
    // Ten digits in a cell half the results wide: read whole, not cut short.
    const shown = cells.nth(index).getByTestId("seed-value");
    await expect(shown).toHaveText(seed);
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }

  // A cell this narrow shows its six actions as icons, in two rows at most, each with its name (read
  // by screen readers, shown as a tooltip); a card with room shows the names written out.
  const actions = [
    ["button", "Reuse settings"],
    ["button", "Use as reference"],
    ["link", "Animate"],
    ["link", "Edit in chat"],
    ["link", "Split into layers"],
    ["link", "Download"],
  ] as const;
  const rowTops = new Set<number>();
  for (const [role, name] of actions) {
    const action = cells.first().getByRole(role, { name, exact: true });
    await expect(action).toHaveAttribute("title", name);
    const box = (await action.boundingBox())!;
    expect(box.width, `${name} drawn as its icon alone`).toBeLessThan(48);
    rowTops.add(Math.round(box.y));
  }
  expect(rowTops.size).toBeLessThanOrEqual(2);

  // The tray numbers the set's jobs.
  await page.getByTestId("activity-button").click();
  const rows = page.getByTestId("activity-panel").getByTestId("job-row").filter({ hasText: prompt });
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId("job-variation")).toHaveText(["Variation 3 of 3", "Variation 2 of 3", "Variation 1 of 3"]);
  await page.getByTestId("activity-button").click();

  await set.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}/variation-set-1280.png` });

  // Reuse settings on the second image: its own seed comes back, for one image.
  await cells.nth(1).getByRole("button", { name: "Reuse settings" }).click();
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(prompt);
  await expect(page.getByRole("textbox", { name: "Seed value" })).toHaveValue("4294967001");
  await expect(page.getByTestId("alpha-variations-1")).toHaveAttribute("aria-checked", "true");

  // On a phone the set's cells are the page's width: their actions are written out.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cells.first().getByRole("link", { name: "Download", exact: true })).toContainText("Download");
  expect((await cells.first().getByRole("link", { name: "Download", exact: true }).boundingBox())!.width).toBeGreaterThan(80);
});

test("the form follows every image of a set: 'n of 3 ready', each tile filling in, a failed one with its reason and Run again", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Two of the three run at once (ALPHA_CONCURRENCY): the first request is slow, the second fails
  // (a 500, and the same again on its one retry); the third runs once a place frees.
  await request.post(`${emulatorControl}/faults`, { data: { sequence: [{ kind: "slow", ms: 6_000 }, { kind: "500" }, { kind: "500" }], pathPrefix: ALPHA_V3_PATH } });
  await page.goto("/alpha");
  await page.getByRole("textbox", { name: "Prompt" }).fill(`Three lanterns on a jetty ${Date.now()}`);
  await page.getByRole("switch", { name: /Rewrite prompt/ }).click();
  await page.getByTestId("alpha-variations-3").click();
  await page.getByRole("button", { name: "Generate" }).click();

  const progress = page.getByTestId("alpha-set-progress");
  const items = progress.getByTestId("alpha-set-item");
  await expect(items).toHaveCount(3);
  // While the slow one still runs: one ready (its tile shows the image), one failed with its reason.
  await expect(progress.getByTestId("alpha-set-summary")).toHaveText("1 of 3 ready · 1 did not finish", { timeout: 15_000 });
  await expect(items.locator("img")).toHaveCount(1);
  await expect(page.locator('[data-testid="alpha-set-item"][data-state="failed"]')).toHaveCount(1);
  await expect(progress.getByRole("button", { name: "Cancel the rest" })).toBeVisible();
  const failure = progress.getByTestId("alpha-set-failure");
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText(/Variation [123]:/);
  await page.screenshot({ path: `${screenshots}/variation-set-progress-light.png` });

  await expect(progress.getByTestId("alpha-set-summary")).toHaveText("2 of 3 ready · 1 did not finish", { timeout: 20_000 });
  await expect(items.locator("img")).toHaveCount(2);
  // The dark theme, as the shell's theme script sets it for a dark system preference.
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await page.screenshot({ path: `${screenshots}/variation-set-progress-dark.png` });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));

  // Run again repeats the failed image in its place; once all three are ready the progress is done.
  await failure.getByRole("button", { name: "Run again" }).click();
  await expect(progress).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("alpha-generate")).toBeEnabled();
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height}, a running set leaves the form as it was: Generate and the settings stay in place`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await request.post(`${emulatorControl}/faults`, { data: { sequence: [{ kind: "slow", ms: 6_000 }, { kind: "slow", ms: 6_000 }, { kind: "slow", ms: 6_000 }], pathPrefix: ALPHA_V3_PATH } });
    await page.goto("/alpha");
    await page.getByRole("textbox", { name: "Prompt" }).fill(`Three kites over a beach ${Date.now()}`);
    await page.getByRole("switch", { name: /Rewrite prompt/ }).click();
    await page.getByTestId("alpha-variations-3").click();
    const generate = page.getByTestId("alpha-generate");
    const form = page.getByRole("form", { name: "Alpha v3 generation settings" });
    const before = { generate: await generate.boundingBox(), form: await form.boundingBox() };
    await generate.click();

    const progress = page.getByTestId("alpha-set-progress");
    await expect(progress.getByTestId("alpha-set-item")).toHaveCount(3);
    await expect(progress.getByRole("button", { name: "Cancel the rest" })).toBeAttached();
    // The set's progress heads the results, outside the form (whose settings keep their room).
    await expect(form.getByTestId("alpha-set-progress")).toHaveCount(0);
    const during = { generate: await generate.boundingBox(), form: await form.boundingBox() };
    expect(during.generate).toEqual(before.generate);
    expect(during.form!.height).toBe(before.form!.height);
    await page.screenshot({ path: `${screenshots}/variation-set-running-${viewport.width}.png` });
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/variation-set-progress-${viewport.width}.png` });
    await progress.getByRole("button", { name: "Cancel the rest" }).click();
  });
}
