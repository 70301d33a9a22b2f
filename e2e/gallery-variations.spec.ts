import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { GalleryItemDetailDto } from "../lib/gallery/gallery-dto";
import type { JobDto, JobListDto } from "../lib/jobs/job-dto";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// The gallery and variation sets: a set is one tile ("3 variations") whose detail steps through its
// images, each with its own actions; and new work arrives live at the top without moving the tiles
// the designer is looking at further down (an "n new" pill takes them up to it).
const test = testAsNewMember("gallery-sets");
const screenshots = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

test.beforeEach(async ({ page }) => {
  await settleJobs(page.request);
});

/** Starts alpha v3 images through the studio's API, as the form does, and waits until every one is ready. */
async function generate(request: APIRequestContext, prompt: string, variations = 1, seed?: number): Promise<JobDto[]> {
  const started = await request.post("/api/alpha/v3/generations", { data: { prompt, images: [], size: "1024x1024", revise: false, variations, ...(seed ? { seed } : {}) } });
  expect(started.status(), await started.text()).toBe(202);
  const { jobs } = (await started.json()) as { jobs: JobDto[] };
  await expect
    .poll(async () => {
      const list = ((await (await request.get("/api/jobs")).json()) as JobListDto).jobs;
      return jobs.map((job) => list.find((candidate) => candidate.id === job.id)?.state);
    }, { timeout: 30_000 })
    .toEqual(jobs.map(() => "succeeded"));
  return jobs;
}

const tiles = (page: Page) => page.getByTestId("gallery-tile");

/** The dark theme, as the shell's theme script sets it for a dark system preference. */
const darkTheme = (page: Page) => page.evaluate(() => document.documentElement.classList.add("dark"));

/** Waits until every image in view has loaded, so a screenshot shows the page as a designer sees it. */
async function imagesLoaded(page: Page) {
  await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete && (image.naturalWidth > 0 || image.loading === "lazy"))), { timeout: 15_000 }).toBe(true);
}

test("a variation set is one tile; its detail steps through the images, each reused with its own seed and deleted alone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now();
  await generate(page.request, `Three kites over dunes ${stamp}`, 3, 4200);
  await generate(page.request, `One lone kite ${stamp}`);

  await page.goto("/gallery");
  await expect(tiles(page)).toHaveCount(2);
  const set = tiles(page).filter({ hasText: "Three kites" });
  await expect(set.getByTestId("gallery-tile-variations")).toHaveText("3 variations");
  await expect(tiles(page).filter({ hasText: "One lone kite" }).getByTestId("gallery-tile-variations")).toHaveCount(0);
  // Counts say what is there: four images, each its own entry.
  await expect(page.getByTestId("gallery-end")).toHaveText("4 entries");
  await imagesLoaded(page);
  await page.screenshot({ path: `${screenshots}/gallery-set-tile-light.png` });

  // Selecting the set's tile selects its three images.
  await page.getByTestId("gallery-select").click();
  await set.getByRole("link").click();
  await expect(page.getByTestId("gallery-selection-count")).toHaveText("3 entries selected");
  await page.getByTestId("gallery-select").click();

  await set.getByRole("link").click();
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("1 of 3 variations");
  await expect(page.getByTestId("gallery-variation-thumb")).toHaveCount(3);
  const first = page.url();
  await page.getByTestId("gallery-variation-next").click();
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("2 of 3 variations");
  expect(page.url()).not.toBe(first);
  await expect(page.getByTestId("gallery-detail-image")).toBeVisible();
  await page.screenshot({ path: `${screenshots}/gallery-set-detail-light.png` });
  // The arrow keys step too.
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("1 of 3 variations");
  await page.getByTestId("gallery-variation-thumb").nth(1).click();
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("2 of 3 variations");

  // Reuse settings brings back this image's own seed, for one image.
  const secondId = page.url().split("/").at(-1)!;
  const detail = (await (await page.request.get(`/api/gallery/items/${secondId}`)).json()) as GalleryItemDetailDto;
  const seed = String((detail.request.params as { seed: number }).seed);
  expect(["4200", "4201", "4202"]).toContain(seed);
  await page.getByTestId("gallery-reuse").click();
  await expect(page.getByRole("textbox", { name: "Seed value" })).toHaveValue(seed);
  await expect(page.getByTestId("alpha-variations-1")).toHaveAttribute("aria-checked", "true");

  // Deleting one image leaves the others, and the detail moves on to the next one.
  await page.goto(`/gallery/${secondId}`);
  await page.getByTestId("gallery-delete").click();
  await expect(page.getByRole("dialog")).toContainText("Delete this image of the set?");
  await page.getByTestId("gallery-delete-confirm").click();
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("2 of 2 variations");
  expect(page.url()).not.toContain(secondId);

  await page.goto("/gallery");
  await expect(set.getByTestId("gallery-tile-variations")).toHaveText("2 variations");
  await expect(page.getByTestId("gallery-end")).toHaveText("3 entries");

  await darkTheme(page);
  await imagesLoaded(page);
  await page.screenshot({ path: `${screenshots}/gallery-set-tile-dark.png` });
  await set.getByRole("link").click();
  await expect(page.getByTestId("gallery-variation-position")).toHaveText("1 of 2 variations");
  await imagesLoaded(page);
  await page.screenshot({ path: `${screenshots}/gallery-set-detail-dark.png` });
});

test("new work appears live at the top; further down it waits under an 'n new' pill and moves nothing on view", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  const stamp = Date.now();
  for (let index = 0; index < 14; index += 1) await generate(page.request, `Pebble ${index} ${stamp}`);

  await page.goto("/gallery");
  await expect(tiles(page)).not.toHaveCount(0);
  await expect(tiles(page).first()).toContainText("Pebble 13");

  // At the top, a new entry shows up first without a reload.
  await generate(page.request, `Live arrival ${stamp}`);
  await expect(tiles(page).first()).toContainText("Live arrival", { timeout: 15_000 });

  // Further down, the tiles on view stay where they are when the next one arrives.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // The grid draws only the rows near the view, and draws the last ones a moment after the scroll:
  // the tile watched is the list's last once its row is drawn, and its place is read by its id.
  const grid = page.getByTestId("gallery-grid");
  await expect(grid.getByRole("row").last()).toHaveAttribute("aria-rowindex", (await grid.getAttribute("aria-rowcount"))!);
  const watchedId = await tiles(page).last().getAttribute("data-item-id");
  const still = page.locator(`[data-testid="gallery-tile"][data-item-id="${watchedId}"]`);
  const before = await still.boundingBox();
  expect(before).not.toBeNull();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await generate(page.request, `Quiet arrival ${stamp}`);
  const pill = page.getByTestId("gallery-new-pill");
  await expect(pill).toHaveText("1 new", { timeout: 15_000 });
  await expect(pill).toBeInViewport();
  await page.screenshot({ path: `${screenshots}/gallery-new-pill-light.png` });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  expect(await still.boundingBox()).toEqual(before);

  // The pill scrolls up to the new entry.
  await pill.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(tiles(page).first()).toContainText("Quiet arrival");
  await expect(pill).toHaveCount(0);
});
