import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { testAsNewMember } from "./member-test";

// Designers' screens: the video dashboard is a compact list (one row per job, details on demand) so
// a laptop screen shows many jobs at once; on a phone the shell and the gallery's filters fold away
// so the grid starts high, and the current section is in view in the navigation strip.
const JOBS = 9;
const screenshots = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

/** `count` text-to-video jobs submitted through the API, each ended (the fast emulator makes them in seconds). */
async function makeVideoJobs(request: APIRequestContext, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const prompt = `Compact row ${index + 1}: a long, winding prompt about a lighthouse keeper who paints the sea at dawn, every wave a different colour, seen from a boat`;
    const response = await request.post("/api/videos", {
      data: { task: "t2va", prompt, durationSeconds: 4, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: { steps: 20, seed: index + 1 }, inputs: [] },
    });
    expect(response.status(), await response.text()).toBe(202);
    ids.push(((await response.json()) as { video: { id: string } }).video.id);
  }
  await expect
    .poll(async () => {
      const jobs = await Promise.all(ids.map(async (id) => ((await (await request.get(`/api/videos/${id}`)).json()) as { finished: boolean }).finished));
      return jobs.filter(Boolean).length;
    }, { timeout: 180_000 })
    .toBe(count);
}

// One member per worker, with JOBS ended video jobs (and so as many gallery entries), made once.
const test = testAsNewMember("compact").extend<object, { videoJobs: void }>({
  videoJobs: [
    async ({ memberState, playwright }, use, workerInfo) => {
      const member = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL, storageState: memberState });
      await makeVideoJobs(member, JOBS);
      await member.dispose();
      await use();
    },
    { scope: "worker", timeout: 240_000 },
  ],
});

/** Whether the whole of `locator` lies inside the viewport. */
async function withinViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

test("at 1440×900 the video dashboard shows at least 8 jobs at once, and a row opens to its details and closes again", async ({ page, videoJobs: _ }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/videos");
  const rows = page.getByTestId("video-job");
  await expect(rows).toHaveCount(JOBS);
  await expect(rows.first().getByTestId("video-job-poster")).toBeVisible();

  let inView = 0;
  for (const row of await rows.all()) if (await withinViewport(page, row)) inView += 1;
  expect(inView).toBeGreaterThanOrEqual(8);
  // Each row names its state and time as the activity tray does, and offers its quick actions.
  const first = rows.first();
  await expect(first.getByTestId("video-job-phase")).toHaveText("Ready");
  await expect(first.getByTestId("video-job-elapsed")).toHaveText(/^took \d/);
  await expect(first.getByTestId("video-job-download")).toBeVisible();
  await expect(first.getByTestId("video-job-delete")).toBeVisible();
  await page.screenshot({ path: `${screenshots}/videos-1440.png` });

  const toggle = first.getByTestId("video-job-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(first.getByTestId("video-job-details")).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const details = first.getByTestId("video-job-details");
  await expect(details).toBeVisible();
  await expect(details.getByTestId("video-job-player")).toBeVisible();
  await expect(details.getByTestId("video-job-resolution")).toHaveText(/^\d+×\d+$/);
  await expect(details.getByTestId("video-job-open")).toBeVisible();
  await expect(details.getByTestId("video-job-reuse-seed")).toBeVisible();
  await page.screenshot({ path: `${screenshots}/videos-1440-open.png` });

  // From the keyboard too.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(first.getByTestId("video-job-details")).toHaveCount(0);

  // The gallery on the same screen keeps its filters open: only narrow screens fold them away.
  await page.goto("/gallery");
  await expect(page.getByTestId("gallery-filters")).toBeVisible();
  await expect(page.getByTestId("gallery-filters-toggle")).toBeHidden();
  await expect(page.getByTestId("shell-menu-button")).toBeHidden();
  await expect(page.getByTestId("active-team")).toBeVisible();
  await page.screenshot({ path: `${screenshots}/gallery-1440.png` });
});

test("at 390×844 the gallery grid starts in the top 40 % of the screen and the current section is in view in the navigation", async ({ page, videoJobs: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/gallery");
  const firstTile = page.getByTestId("gallery-tile").first();
  await expect(firstTile).toBeVisible({ timeout: 30_000 });
  const tile = (await firstTile.boundingBox())!;
  expect(tile.y).toBeLessThanOrEqual(844 * 0.4);

  const current = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Gallery" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect.poll(() => withinViewport(page, current)).toBe(true);
  await page.screenshot({ path: `${screenshots}/gallery-390.png` });

  // The filters and the team picker are one tap away.
  const filters = page.getByTestId("gallery-filters");
  await expect(filters).toBeHidden();
  await page.getByTestId("gallery-filters-toggle").click();
  await expect(filters).toBeVisible();
  await expect(page.getByTestId("gallery-filters-toggle")).toHaveAttribute("aria-expanded", "true");
  await page.getByTestId("shell-menu-button").click();
  await expect(page.getByTestId("shell-menu-panel").getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.screenshot({ path: `${screenshots}/gallery-390-open.png` });

  await page.goto("/videos");
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Videos" })).toHaveAttribute("aria-current", "page");
  await expect.poll(() => withinViewport(page, page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Videos" }))).toBe(true);
  await page.screenshot({ path: `${screenshots}/videos-390.png` });
  await page.getByTestId("video-jobs").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}/videos-390-list.png` });
  // A phone's rows give the prompt the room; their actions are in the details.
  const row = page.getByTestId("video-job").first();
  await expect(row.getByTestId("video-job-delete")).toBeHidden();
  await row.getByTestId("video-job-toggle").click();
  await expect(row.getByTestId("video-job-details").getByTestId("video-job-delete")).toBeVisible();
  await row.screenshot({ path: `${screenshots}/videos-390-open.png` });
});

/**
 * For each named choice, how far short of the control's inner edge a row of its options ends, where
 * its options fill more than one row ("" when every row is filled, or when they fit on one).
 */
async function unfilledRows(page: Page, names: string[]): Promise<string[]> {
  const short: string[] = [];
  for (const name of names) {
    const group = page.getByRole("radiogroup", { name, exact: true });
    await expect(group).toBeVisible();
    short.push(
      ...(await group.evaluate((element) => {
        const style = getComputedStyle(element);
        const inner = element.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const rowEnds = new Map<number, number>();
        for (const option of element.querySelectorAll('[role="radio"]')) {
          const box = option.getBoundingClientRect();
          rowEnds.set(Math.round(box.top), Math.max(rowEnds.get(Math.round(box.top)) ?? 0, box.right));
        }
        if (rowEnds.size < 2) return [];
        return [...rowEnds.values()].filter((end) => inner - end > 1).map((end) => `${element.getAttribute("aria-label")}: a row ends ${Math.round(inner - end)} px short`);
      })),
    );
  }
  return short;
}

test("at 390×844 a choice whose options take two rows fills both, rather than leave one option alone on a line", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/alpha");
  expect(await unfilledRows(page, ["Size mode", "Preset shape"])).toEqual([]);
  await page.goto("/videos");
  expect(await unfilledRows(page, ["Task", "Short edge"])).toEqual([]);
});
