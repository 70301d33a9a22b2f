import { expect } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// Side-by-side comparison: one prompt on three models fills its grid as each job ends, with time and
// tokens per model; keeping one leaves only that one in the gallery when the others are discarded.
const test = testAsNewMember("compare");

const emulatorControl = `http://127.0.0.1:${emulatorPorts.image}/__emulator`;
const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";

test.beforeEach(async ({ page, request }) => {
  await request.delete(`${emulatorControl}/faults`);
  await settleJobs(page.request);
});

test.afterEach(async ({ request }) => {
  await request.delete(`${emulatorControl}/faults`);
});

test("a comparison of three models fills its grid and keeps the picked one", async ({ page, request }) => {
  test.setTimeout(90_000);
  // Alpha v3 answers seconds late: the grid shows it running beside the finished ones.
  await request.post(`${emulatorControl}/faults`, { data: { sequence: [{ kind: "slow", ms: 12_000 }], pathPrefix: ALPHA_V3_PATH } });
  await page.goto("/compare");
  const prompt = `A paper lantern on a windowsill ${Date.now()}`;
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  // Alpha v3 and Beta Lite are ticked to start with; a third model joins them.
  await page.getByRole("checkbox", { name: "Alpha v3.5 (first turn)" }).check();
  await page.getByRole("combobox", { name: "Beta Lite size" }).selectOption("3K");
  await page.getByRole("button", { name: "Compare 3 models" }).click();

  await expect(page).toHaveURL(/\/compare\?id=/);
  const results = page.getByRole("region", { name: "Results" });
  const cell = (name: string) => results.getByRole("listitem", { name, exact: true });
  await expect(results.getByRole("listitem")).toHaveCount(3);
  await expect(cell("Alpha v3").getByTestId("member-state")).toHaveText(/^(Starting|Waiting in line|Generating)$/);
  await expect(cell("Alpha v3.5 (first turn)").getByRole("img")).toBeVisible({ timeout: 20_000 });

  for (const name of ["Alpha v3", "Alpha v3.5 (first turn)", "Beta Lite"]) {
    const image = cell(name).getByRole("img");
    await expect(image).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await expect(cell(name).getByTestId("member-state")).toHaveText("Done");
    await expect(cell(name).getByText(/^\d+\.\d s$/)).toBeVisible();
    await expect(cell(name).getByRole("definition").nth(1)).toHaveText(/^\d+$/);
  }
  await expect(cell("Alpha v3.5 (first turn)").getByRole("link", { name: "Continue in chat" })).toHaveAttribute("href", /^\/chat\/[0-9a-f-]+$/);
  await expect(cell("Beta Lite").getByRole("link", { name: "Continue in chat" })).toHaveAttribute("href", /^\/chat\?image=/);

  await page.getByRole("radio", { name: "Discard the others from the gallery" }).check();
  await cell("Beta Lite").getByRole("button", { name: "Keep this one" }).click();
  await expect(cell("Beta Lite").getByText("Kept")).toBeVisible();
  await expect(results.getByText("Discarded from the gallery")).toHaveCount(2);

  const gallery = (await (await page.request.get(`/api/gallery?scope=mine&q=${encodeURIComponent(prompt)}`)).json()) as { items: { model: string }[] };
  expect(gallery.items.map((item) => item.model)).toEqual(["beta-lite"]);

  // After a reload, the comparison is listed among the earlier ones, marked as the one shown.
  await page.reload();
  const earlier = page.getByRole("region", { name: "Earlier comparisons" });
  const listed = earlier.getByRole("link", { name: new RegExp(prompt) });
  await expect(listed).toHaveAttribute("aria-current", "page");
  await expect(listed).toContainText("Alpha v3 · Alpha v3.5 (first turn) · Beta Lite");
  await expect(listed).toContainText("One kept");
});

test("a model left out of the comparison is its name alone, and sizes read as on the models' own pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/compare");
  // Alpha v3 is ticked to start with and shows its settings; Alpha v3.5 beside it is not.
  const leftOut = page.getByRole("checkbox", { name: "Alpha v3.5 (first turn)" }).locator("xpath=ancestor::div[1]");
  const picked = page.getByRole("checkbox", { name: "Alpha v3", exact: true }).locator("xpath=ancestor::div[1]");
  const [leftOutBox, pickedBox] = [await leftOut.boundingBox(), await picked.boundingBox()];
  expect(pickedBox!.height).toBeGreaterThan(150);
  expect(leftOutBox!.height).toBeLessThan(60);
  await expect(page.getByRole("combobox", { name: "Alpha v3 size" }).locator("option")).toContainText(["Model's choice", "1024×1024"]);
});
